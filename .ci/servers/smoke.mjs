// Smoke test of the servers that .ci/servers.sh starts: the MongoDB operations the read-model store
// needs (official `mongodb` driver) and a Kafka round trip (kafkajs). Prints one line per check and
// a closing "N passed, N failed"; exits 1 when a check fails.
//
//   eval "$(bash .ci/servers.sh start)" && node .ci/servers/smoke.mjs [--mongo-only|--kafka-only]
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { Kafka, logLevel } from 'kafkajs';

const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/';
const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const only = process.argv[2];
const results = [];

const CHECK_TIMEOUT_MS = 60_000;

async function check(name, fn) {
  const started = performance.now();
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    const note = await Promise.race([fn(), timeout]);
    const ms = Math.round(performance.now() - started);
    results.push({ name, ok: true });
    console.log(`PASS ${name} (${ms} ms)${note ? `: ${note}` : ''}`);
    return true;
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${error?.code ?? ''} ${error?.message ?? error}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

/** Runs `fn`, which must fail with a duplicate key error (E11000); returns that error. */
async function expectDuplicateKey(fn) {
  let error;
  try {
    await fn();
  } catch (e) {
    error = e;
  }
  assert(error, 'expected E11000, the operation succeeded');
  const codes = [error.code, ...(error.writeErrors ?? []).map((w) => w.code)];
  assert(codes.includes(11000), `expected code 11000, got ${codes.join(',')}: ${error.message}`);
  return error;
}

async function mongoChecks() {
  const client = new MongoClient(MONGODB_URL, {
    serverSelectionTimeoutMS: 5000,
    socketTimeoutMS: CHECK_TIMEOUT_MS,
  });
  const db = client.db(`smoke_${randomUUID().slice(0, 8)}`);
  try {
    const pinged = await check('mongo: ping', async () => {
      const reply = await db.admin().command({ ping: 1 });
      assert(reply.ok === 1, `ping ok=${reply.ok}`);
      const info = await db.admin().command({ buildInfo: 1 });
      return `server reports version ${info.version}`;
    });
    if (!pinged) return;

    const docs = db.collection('docs');
    await check('mongo: insertOne + duplicate _id gives E11000', async () => {
      await docs.insertOne({ _id: 'a', _position: 1, name: 'Alpha' });
      await expectDuplicateKey(() => docs.insertOne({ _id: 'a', _position: 2, name: 'Again' }));
    });

    await check('mongo: replaceOne upsert with {_id, _position: {$lt: n}}', async () => {
      const put = (doc) =>
        docs.replaceOne({ _id: doc._id, _position: { $lt: doc._position } }, doc, { upsert: true });
      const inserted = await put({ _id: 'b', _position: 5, name: 'Beta' });
      assert(inserted.upsertedCount === 1, `first put upsertedCount=${inserted.upsertedCount}`);
      const replaced = await put({ _id: 'b', _position: 7, name: 'Beta 2' });
      assert(replaced.modifiedCount === 1, `newer put modifiedCount=${replaced.modifiedCount}`);
      // a stale write matches nothing, so the upsert tries to insert the same _id
      await expectDuplicateKey(() => put({ _id: 'b', _position: 6, name: 'stale' }));
      const stored = await docs.findOne({ _id: 'b' });
      assert(stored?.name === 'Beta 2' && stored._position === 7, `stored ${JSON.stringify(stored)}`);
    });

    await check('mongo: createIndex compound unique enforces E11000', async () => {
      const idx = db.collection('idx');
      const name = await idx.createIndex({ tenant: 1, code: 1 }, { unique: true, name: 'tenant_code' });
      assert(name === 'tenant_code', `index name ${name}`);
      await idx.insertOne({ _id: 'x1', tenant: 't', code: 'C1' });
      await idx.insertOne({ _id: 'x2', tenant: 'u', code: 'C1' });
      await expectDuplicateKey(() => idx.insertOne({ _id: 'x3', tenant: 't', code: 'C1' }));
      const indexes = (await idx.indexes()).map((i) => i.name);
      assert(indexes.includes('tenant_code'), `indexes ${indexes}`);
    });

    await check('mongo: bulkWrite ordered:false, 1000 replaceOne upserts', async () => {
      const bulk = db.collection('bulk');
      const ops = (position) =>
        Array.from({ length: 1000 }, (_, i) => ({
          replaceOne: {
            filter: { _id: `d${i}`, _position: { $lt: position } },
            replacement: { _id: `d${i}`, _position: position, n: i, name: `Doc ${i}` },
            upsert: true,
          },
        }));
      const started = performance.now();
      const first = await bulk.bulkWrite(ops(10), { ordered: false });
      const firstMs = Math.round(performance.now() - started);
      assert(first.upsertedCount === 1000, `upsertedCount=${first.upsertedCount}`);
      const second = await bulk.bulkWrite(ops(20), { ordered: false });
      assert(second.modifiedCount === 1000, `modifiedCount=${second.modifiedCount}`);
      // half stale, half new: unordered keeps going past the duplicate key errors
      const mixed = ops(15).map((op, i) => {
        if (i % 2 === 0) return op;
        const replacement = { ...op.replaceOne.replacement, _position: 30 };
        return {
          replaceOne: { ...op.replaceOne, filter: { _id: `d${i}`, _position: { $lt: 30 } }, replacement },
        };
      });
      const error = await expectDuplicateKey(() => bulk.bulkWrite(mixed, { ordered: false }));
      const writeErrors = error.writeErrors?.length ?? 0;
      assert(writeErrors === 500, `writeErrors=${writeErrors}`);
      const at30 = await bulk.countDocuments({ _position: 30 });
      assert(at30 === 500, `documents at position 30: ${at30}`);
      return `1000 upserts in ${firstMs} ms`;
    });

    const people = db.collection('people');
    await check('mongo: insertMany', async () => {
      const result = await people.insertMany([
        { _id: 'p1', _position: 1, name: 'Anna Schmidt', city: 'Berlin', age: 31 },
        { _id: 'p2', _position: 2, name: 'bernd schmidt', city: 'Hamburg', age: 45 },
        { _id: 'p3', _position: 3, name: 'Clara Meyer', city: 'Berlin', age: 27 },
        { _id: 'p4', _position: 4, name: 'Dora Schmitt', city: 'Köln', age: 38 },
      ]);
      assert(result.insertedCount === 4, `insertedCount=${result.insertedCount}`);
    });

    await check('mongo: find $regex with $options i', async () => {
      const found = await people.find({ name: { $regex: 'SCHMIDT', $options: 'i' } }).toArray();
      const ids = found.map((d) => d._id).sort();
      assert(ids.join() === 'p1,p2', `ids ${ids}`);
    });

    await check('mongo: find $or', async () => {
      const found = await people.find({ $or: [{ city: 'Hamburg' }, { age: { $lt: 30 } }] }).toArray();
      const ids = found.map((d) => d._id).sort();
      assert(ids.join() === 'p2,p3', `ids ${ids}`);
    });

    await check('mongo: find sort + limit', async () => {
      const found = await people.find({}, { sort: { age: -1 }, limit: 2 }).toArray();
      assert(found.map((d) => d._id).join() === 'p2,p4', `ids ${found.map((d) => d._id)}`);
      const byCity = await people.find({}).sort({ city: 1, name: 1 }).limit(3).toArray();
      assert(byCity.map((d) => d._id).join() === 'p1,p3,p2', `ids ${byCity.map((d) => d._id)}`);
    });

    await check('mongo: findOneAndUpdate upsert (lease)', async () => {
      const leases = db.collection('leases');
      const acquire = (owner, now, ttl) =>
        leases.findOneAndUpdate(
          { _id: 'projector', $or: [{ owner }, { expiresAt: { $lt: now } }] },
          { $set: { owner, expiresAt: now + ttl } },
          { upsert: true, returnDocument: 'after' },
        );
      const first = await acquire('A', 1000, 100);
      assert(first?.owner === 'A' && first.expiresAt === 1100, `first ${JSON.stringify(first)}`);
      const renewed = await acquire('A', 1050, 100);
      assert(renewed?.expiresAt === 1150, `renewed ${JSON.stringify(renewed)}`);
      // held by A and not expired: B's upsert collides on _id
      await expectDuplicateKey(() => acquire('B', 1100, 100));
      const taken = await acquire('B', 1200, 100);
      assert(taken?.owner === 'B', `taken ${JSON.stringify(taken)}`);
    });

    await check('mongo: deleteOne', async () => {
      const result = await people.deleteOne({ _id: 'p4' });
      assert(result.deletedCount === 1, `deletedCount=${result.deletedCount}`);
      const again = await people.deleteOne({ _id: 'p4' });
      assert(again.deletedCount === 0, `second deletedCount=${again.deletedCount}`);
    });

    await check('mongo: countDocuments', async () => {
      const all = await people.countDocuments();
      const berlin = await people.countDocuments({ city: 'Berlin' });
      assert(all === 3 && berlin === 2, `all=${all} berlin=${berlin}`);
    });

    await check('mongo: listCollections + dropDatabase', async () => {
      const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      for (const n of ['docs', 'idx', 'bulk', 'people', 'leases'])
        assert(names.includes(n), `missing ${n} in ${names}`);
      assert(await db.dropDatabase(), 'dropDatabase returned false');
    });
  } finally {
    await client.close();
  }
}

async function kafkaChecks() {
  const kafka = new Kafka({ clientId: 'smoke', brokers: KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const topic = `smoke-${randomUUID()}`;
  const admin = kafka.admin();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  const groupId = `smoke-${randomUUID()}`;
  const consumer = kafka.consumer({ groupId });
  try {
    await check('kafka: admin createTopics (3 partitions) + metadata', async () => {
      await admin.connect();
      const created = await admin.createTopics({
        topics: [{ topic, numPartitions: 3 }],
        waitForLeaders: true,
      });
      assert(created, 'createTopics returned false');
      const meta = await admin.fetchTopicMetadata({ topics: [topic] });
      assert(meta.topics[0].partitions.length === 3, `partitions ${meta.topics[0].partitions.length}`);
    });

    await check('kafka: produce/consume round trip with keys and headers', async () => {
      const sent = Array.from({ length: 30 }, (_, i) => ({
        key: `stream-${i % 5}`,
        value: JSON.stringify({ seq: i }),
        headers: { 'event-type': `Type${i % 3}`, 'global-position': String(i) },
      }));
      await producer.connect();
      await producer.send({ topic, messages: sent });
      const received = [];
      let resolveAll;
      const all = new Promise((resolve) => (resolveAll = resolve));
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ partition, message }) => {
          received.push({ partition, message });
          if (received.length === sent.length) resolveAll();
        },
      });
      await all;
      const partitionOfKey = new Map();
      const lastSeqOfKey = new Map();
      for (const { partition, message } of received) {
        const key = message.key.toString();
        const seq = JSON.parse(message.value.toString()).seq;
        assert(sent[seq].key === key, `key ${key} for seq ${seq}`);
        assert(message.headers['event-type'].toString() === `Type${seq % 3}`, `header of ${seq}`);
        assert(message.headers['global-position'].toString() === String(seq), `position header of ${seq}`);
        // same key, same partition, in order
        assert((partitionOfKey.get(key) ?? partition) === partition, `key ${key} on two partitions`);
        assert((lastSeqOfKey.get(key) ?? -1) < seq, `key ${key} out of order`);
        partitionOfKey.set(key, partition);
        lastSeqOfKey.set(key, seq);
      }
      return `${received.length} messages over ${new Set(received.map((r) => r.partition)).size} partitions`;
    });

    await check('kafka: consumer group offsets committed', async () => {
      await consumer.disconnect();
      const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
      const committed = offsets[0].partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
      assert(committed === 30, `committed offsets add up to ${committed}`);
    });

    await check('kafka: topic auto-created on produce', async () => {
      const autoTopic = `${topic}-auto`;
      await producer.send({ topic: autoTopic, messages: [{ key: 'k', value: 'v' }] });
      const meta = await admin.fetchTopicMetadata({ topics: [autoTopic] });
      await admin.deleteTopics({ topics: [autoTopic] });
      return `${meta.topics[0].partitions.length} partitions`;
    });
  } finally {
    await consumer.disconnect().catch(() => {});
    await producer.disconnect().catch(() => {});
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.disconnect().catch(() => {});
  }
}

if (only !== '--kafka-only') await mongoChecks();
if (only !== '--mongo-only') await kafkaChecks();
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
