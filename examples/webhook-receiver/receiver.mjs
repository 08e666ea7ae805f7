// Receives Fahrplan's signed webhooks: a starting point to copy. Every delivery is verified with the
// Standard Webhooks reference package before it is trusted; a bad signature or a timestamp more than
// five minutes off is answered 401 and dropped. Delivery is at least once, so the receiver
// de-duplicates by `webhook-id` (the event id, the same on every retry); one aggregate's events
// arrive in order.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('set WEBHOOK_SECRET to the webhook secret Fahrplan showed (whsec_…)');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);
const maxBody = 1024 * 1024;
const webhook = new Webhook(secret);

/**
 * Event ids handled recently, the oldest forgotten first. Enough against retries; to be exact
 * across restarts, store the handled ids with your own data, in the same transaction.
 */
const handled = new Set();
const remember = (id) => {
  handled.add(id);
  if (handled.size > 10_000) handled.delete(handled.values().next().value);
};

const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(405).end();
    return;
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > maxBody) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    // the signature covers the exact bytes sent: verify the raw body, parse after
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, request.headers);
    } catch (error) {
      print({ rejected: error.message });
      response.writeHead(401).end();
      return;
    }
    const id = request.headers['webhook-id'];
    if (!handled.has(id)) {
      remember(id);
      // your work here: event.type, event.tenant, event.aggregateType, event.aggregateId, event.data
      print({
        received: {
          id,
          type: event.type,
          tenant: event.tenant,
          aggregateId: event.aggregateId,
          position: event.position,
        },
      });
    }
    response.writeHead(204).end();
  });
});

server.listen(port, '127.0.0.1', () => print({ listening: server.address().port }));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('SIGINT', () => server.close(() => process.exit(0)));
