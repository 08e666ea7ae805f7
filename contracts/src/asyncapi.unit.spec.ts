import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { asyncApiDocument } from './asyncapi';
import type { AsyncApiDocument } from './asyncapi';
import {
  eventCatalogue,
  planningEventEnvelope,
  planningEventMessageHeaders,
  publishedEventTypes,
} from './event-catalogue';
import type { StoredEvent } from './events';
import { topics, trackerMessageHeaders, trackerTopicCatalogue } from './topics';
import { anApplication, fixedNow } from './testing/decider-spec';

const doc = asyncApiDocument();

/** Resolves a local JSON pointer such as `#/components/messages/X` (RFC 6901). */
const resolve = (document: unknown, ref: string): unknown => {
  expect(ref.startsWith('#/')).toBe(true);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object' && Object.hasOwn(node, part)
          ? (node as Record<string, unknown>)[part]
          : undefined,
      document,
    );
};

const refsIn = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsIn(value),
  );
};

const payloadSchema = (document: AsyncApiDocument, message: string) =>
  z.fromJSONSchema(resolve(document, document.components.messages[message]!.payload.$ref) as never);
const headersSchema = (document: AsyncApiDocument, message: string) =>
  z.fromJSONSchema(document.components.messages[message]!.headers as never);

const storedApplicationCreated = (): StoredEvent => ({
  type: 'ApplicationCreated',
  data: { id: 4711, ...anApplication({ attributes: [{ key: 'tier', value: 'gold' }] }) },
  metadata: {
    tenant: 'acme',
    user: 'alice',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    timestamp: fixedNow,
    schemaVersion: 1,
  },
  id: randomUUID(),
  streamId: 'application-4711',
  revision: 0,
  position: 17,
});

describe('asyncApiDocument', () => {
  it('has the required AsyncAPI 3.0 shape', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const [id, channel] of Object.entries(doc.channels)) {
      expect(typeof channel.address).toBe('string');
      expect(Object.keys(channel.messages).length).toBeGreaterThan(0);
      expect(channel.bindings.kafka.topic).toBe(channel.address);
      expect(id).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    }
    for (const operation of Object.values(doc.operations)) {
      expect(['send', 'receive']).toContain(operation.action);
      expect(resolve(doc, operation.channel.$ref)).toBeDefined();
      // AsyncAPI 3: an operation's messages must be messages of its channel.
      for (const message of operation.messages)
        expect(message.$ref.startsWith(`${operation.channel.$ref}/messages/`)).toBe(true);
    }
    for (const name of [...Object.keys(doc.components.messages), ...Object.keys(doc.components.schemas)])
      expect(name).toMatch(/^[a-zA-Z0-9.\-_]+$/);
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(doc);

    expect(refs.length).toBeGreaterThan(publishedEventTypes.length * 2);
    for (const ref of refs) expect([ref, resolve(doc, ref)]).toEqual([ref, expect.any(Object)]);
  });

  it('has one channel per topic, named by its address', () => {
    expect(
      Object.values(doc.channels)
        .map((channel) => channel.address)
        .sort(),
    ).toEqual(Object.values(topics).sort());
  });

  it('has a message for every catalogue event type and version, on the planning-events channel', () => {
    const channel = Object.values(doc.channels).find((c) => c.address === topics.planningEvents)!;

    expect(Object.keys(channel.messages).sort()).toEqual(
      publishedEventTypes.map((type) => `${type}V${eventCatalogue[type].schemaVersion}`).sort(),
    );
    for (const type of publishedEventTypes) {
      const message = doc.components.messages[`${type}V${eventCatalogue[type].schemaVersion}`]!;
      expect(message.name).toBe(type);
      expect(message.contentType).toBe('application/json');
      expect(message.bindings.kafka.key).toEqual(expect.objectContaining({ type: 'string' }));
    }
  });

  it.each(publishedEventTypes.map((type) => [type]))(
    'gives %s a payload JSON Schema that reads back as a schema of that event',
    (type) => {
      const schema = payloadSchema(doc, `${type}V${eventCatalogue[type].schemaVersion}`) as z.ZodType;
      const envelope = planningEventEnvelope(storedApplicationCreated())!;

      expect(schema.safeParse(envelope).success).toBe(type === 'ApplicationCreated');
    },
  );

  it('accepts a real published message with its payload and headers schemas, and rejects broken ones', () => {
    const envelope = planningEventEnvelope(storedApplicationCreated())!;
    const payload = payloadSchema(doc, 'ApplicationCreatedV1');
    const headers = headersSchema(doc, 'ApplicationCreatedV1');

    expect(payload.safeParse(envelope).error).toBeUndefined();
    expect(headers.safeParse(planningEventMessageHeaders(envelope)).error).toBeUndefined();
    expect(payload.safeParse({ ...envelope, data: { ...envelope.data!, status: 'UNKNOWN' } }).success).toBe(
      false,
    );
    expect(payload.safeParse({ ...envelope, position: undefined }).success).toBe(false);
    expect(
      headers.safeParse({ ...planningEventMessageHeaders(envelope), eventType: 'CommentCreated' }).success,
    ).toBe(false);
  });

  it('keeps payload objects open to added fields (fields are added within a version, never changed)', () => {
    const envelope = planningEventEnvelope(storedApplicationCreated())!;

    expect(
      payloadSchema(doc, 'ApplicationCreatedV1').safeParse({
        ...envelope,
        data: { ...envelope.data!, later: 1 },
      }).success,
    ).toBe(true);
  });

  it('describes every tracker topic with a schema that accepts a sample message', () => {
    const sample = {
      tenant: 'acme',
      connectionId: 7,
      id: '10001',
      url: 'https://tracker.example.com/browse/PLAN',
      deleted: false,
      syncedAt: fixedNow,
      key: 'PLAN',
      name: 'Planning',
      type: 'scrum',
      projectKey: 'PLAN',
      description: null,
      startDate: '2026-01-05',
      releaseDate: null,
      released: false,
      archived: false,
      summary: 'Roll out billing',
      status: 'In Progress',
      statusCategory: 'indeterminate',
      assignee: 'Ada Lovelace',
      dueDate: '2026-02-01',
      issueType: 'Story',
      fixVersions: ['2026.1'],
      updatedAt: fixedNow,
      // a sync run's fields
      startedAt: fixedNow,
      finishedAt: fixedNow,
      lastSuccessAt: fixedNow,
      error: null,
      incremental: true,
      counts: { projects: 1, boards: 1, versions: 1, issues: 1 },
      present: { projects: ['10001'], boards: [], versions: [] },
    };
    for (const topic of Object.values(topics).filter((t) => t !== topics.planningEvents)) {
      const { messageType, schemaVersion, schema } =
        trackerTopicCatalogue[topic as keyof typeof trackerTopicCatalogue];
      const name = `${messageType}V${schemaVersion}`;

      expect(payloadSchema(doc, name).safeParse(sample).error).toBeUndefined();
      expect(schema.safeParse(sample).success).toBe(true);
      expect(payloadSchema(doc, name).safeParse({ ...sample, connectionId: 'seven' }).success).toBe(false);
      expect(
        headersSchema(doc, name).safeParse({
          [trackerMessageHeaders.tenant]: 'acme',
          [trackerMessageHeaders.messageType]: messageType,
          [trackerMessageHeaders.schemaVersion]: '1',
          [trackerMessageHeaders.messageId]: randomUUID(),
          [trackerMessageHeaders.contentType]: 'application/json',
        }).success,
      ).toBe(true);
    }
  });

  it('mentions no password or token hash anywhere', () => {
    expect(JSON.stringify(doc)).not.toMatch(/password|tokenHash|passwordHash/i);
  });

  it('survives a JSON round trip unchanged and lists servers only when given', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(doc).not.toHaveProperty('servers');
    expect(asyncApiDocument({ servers: { local: { host: 'localhost:9092' } } }).servers).toEqual({
      local: { host: 'localhost:9092', protocol: 'kafka' },
    });
  });
});
