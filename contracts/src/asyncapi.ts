import { z } from 'zod';
import { eventCatalogue, planningEventSchemas, publishedEventTypes } from './event-catalogue';
import type { PublishedEventType } from './event-catalogue';
import { planningEventHeaders, topics, trackerMessageHeaders, trackerTopicCatalogue } from './topics';

/** The generated AsyncAPI 3.0 document (plain JSON). */
export type AsyncApiDocument = Record<string, unknown> & {
  readonly asyncapi: '3.0.0';
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly channels: Record<string, AsyncApiChannel>;
  readonly operations: Record<string, AsyncApiOperation>;
  readonly components: {
    readonly messages: Record<string, AsyncApiMessage>;
    readonly schemas: Record<string, Record<string, unknown>>;
  };
};
export interface AsyncApiChannel {
  readonly address: string;
  readonly title: string;
  readonly description: string;
  readonly messages: Record<string, { readonly $ref: string }>;
  readonly bindings: { readonly kafka: Record<string, unknown> };
}
export interface AsyncApiOperation {
  readonly action: 'send' | 'receive';
  readonly channel: { readonly $ref: string };
  readonly summary: string;
  readonly messages: readonly { readonly $ref: string }[];
}
export interface AsyncApiMessage {
  readonly name: string;
  readonly title: string;
  readonly summary: string;
  readonly contentType: 'application/json';
  readonly headers: Record<string, unknown>;
  readonly payload: { readonly $ref: string };
  readonly correlationId?: { readonly location: string };
  readonly bindings: { readonly kafka: Record<string, unknown> };
}

export interface AsyncApiOptions {
  /** The document's `info.version`. */
  readonly version?: string;
  /** Kafka servers to list, e.g. `{ local: { host: 'localhost:9092' } }`; none by default. */
  readonly servers?: Readonly<Record<string, { readonly host: string; readonly description?: string }>>;
}

const kafkaBindingVersion = '0.5.0';

/**
 * JSON Schema draft-07 (the base of AsyncAPI's schema format) of a zod schema. Objects stay open
 * to unknown properties: within a schema version, fields are added but never changed, so a
 * consumer validating against this document keeps working when a field appears.
 */
export const asyncApiSchema = (
  schema: z.ZodType,
  io: 'input' | 'output' = 'output',
): Record<string, unknown> => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io,
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
  return json;
};

const messageName = (type: string, schemaVersion: number) => `${type}V${schemaVersion}`;
const header = (description: string, schema: z.ZodType) => schema.describe(description);

const planningHeaders = (type: PublishedEventType, schemaVersion: number) =>
  z.object({
    [planningEventHeaders.tenant]: header('The tenant the event belongs to.', z.string().min(1)),
    [planningEventHeaders.eventType]: header('The event type, as `type` in the payload.', z.literal(type)),
    [planningEventHeaders.schemaVersion]: header(
      'The schema version of the payload, as a decimal string.',
      z.literal(String(schemaVersion)),
    ),
    [planningEventHeaders.eventId]: header(
      'The event id: the same on every redelivery; consumers de-duplicate by it.',
      z.guid(),
    ),
    [planningEventHeaders.correlationId]: header(
      'Correlates the events of one user request or flow.',
      z.string().min(1),
    ),
    [planningEventHeaders.contentType]: z.literal('application/json'),
  });

const trackerHeaders = (messageType: string, schemaVersion: number) =>
  z.object({
    [trackerMessageHeaders.tenant]: header(
      'The tenant the tracker connection belongs to.',
      z.string().min(1),
    ),
    [trackerMessageHeaders.messageType]: z.literal(messageType),
    [trackerMessageHeaders.schemaVersion]: z.literal(String(schemaVersion)),
    [trackerMessageHeaders.messageId]: header('Unique per message; de-duplicate by it.', z.guid()),
    [trackerMessageHeaders.contentType]: z.literal('application/json'),
  });

const kafkaKey = (description: string) => ({
  kafka: { key: { type: 'string', description }, bindingVersion: kafkaBindingVersion },
});

interface MessageEntry {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly message: AsyncApiMessage;
}

/** Message `type` of `schemaVersion` and its payload's schema, named alike. */
const messageEntry = (
  { type, schemaVersion, summary }: { type: string; schemaVersion: number; summary: string },
  payload: z.ZodType,
  headers: z.ZodType,
  more: Pick<AsyncApiMessage, 'correlationId' | 'bindings'>,
): MessageEntry => {
  const name = messageName(type, schemaVersion);
  return {
    name,
    schema: asyncApiSchema(payload),
    message: {
      name: type,
      title: `${type} v${schemaVersion}`,
      summary,
      contentType: 'application/json',
      headers: asyncApiSchema(headers),
      payload: { $ref: `#/components/schemas/${name}` },
      ...more,
    },
  };
};

/**
 * The AsyncAPI 3.0 document of Fahrplan's topics, generated from the event catalogue and the
 * tracker topic schemas: one message per event type and schema version.
 */
export function asyncApiDocument(options: AsyncApiOptions = {}): AsyncApiDocument {
  const messages: Record<string, AsyncApiMessage> = {};
  const schemas: Record<string, Record<string, unknown>> = {};
  const channels: Record<string, AsyncApiChannel> = {};
  const operations: Record<string, AsyncApiOperation> = {};

  /** A message and its payload schema, both under the message's name; the name. */
  const addMessage = ({ name, schema, message }: MessageEntry): string => {
    schemas[name] = schema;
    messages[name] = message;
    return name;
  };

  const planningMessages = publishedEventTypes.map((type) => {
    const { schemaVersion, summary } = eventCatalogue[type];
    return addMessage(
      messageEntry(
        { type, schemaVersion, summary },
        planningEventSchemas[type],
        planningHeaders(type, schemaVersion),
        {
          correlationId: { location: `$message.header#/${planningEventHeaders.correlationId}` },
          bindings: kafkaKey(
            'The aggregate id (`aggregateId`): one aggregate’s events stay in order in one partition.',
          ),
        },
      ),
    );
  });
  addChannel('planningEvents', {
    address: topics.planningEvents,
    title: 'Planning events',
    description:
      'Every planning event, published at least once from the event log in log order. The key is the ' +
      'aggregate id, so one aggregate’s events arrive in order; de-duplicate by the `eventId` header (the ' +
      'payload’s `id`). Identity and session events are never published.',
    messageNames: planningMessages,
    summary: 'Fahrplan publishes every planning event for downstream systems.',
  });

  const snapshot = 'The latest state of one tracker object, as tracker-sync last read it.';
  const objectKey = '`<connectionId>/<id>`: the newest message per key is the object’s state.';
  const trackerChannels = [
    ['trackerProjects', 'Tracker projects', topics.trackerProjects, snapshot, objectKey],
    ['trackerBoards', 'Tracker boards', topics.trackerBoards, snapshot, objectKey],
    ['trackerVersions', 'Tracker versions', topics.trackerVersions, snapshot, objectKey],
    ['trackerIssues', 'Tracker issues', topics.trackerIssues, snapshot, objectKey],
    [
      'trackerSyncRuns',
      'Tracker sync runs',
      topics.trackerSyncRuns,
      'The end of one mirroring run of a connection: when, whether it failed and why, and what it read.',
      '`<connectionId>`: the newest message per key is the connection’s mirror status.',
    ],
  ] as const;
  for (const [id, title, address, summary, key] of trackerChannels) {
    const { messageType, schemaVersion, schema } = trackerTopicCatalogue[address];
    const name = addMessage(
      messageEntry(
        { type: messageType, schemaVersion, summary },
        schema,
        trackerHeaders(messageType, schemaVersion),
        { bindings: kafkaKey(key) },
      ),
    );
    addChannel(id, {
      address,
      title,
      description:
        'Snapshots mirrored by tracker-sync; the projection service folds them. Keep the newest message per key.',
      messageNames: [name],
      summary: `tracker-sync publishes ${title.toLowerCase()}.`,
    });
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Fahrplan events',
      version: options.version ?? '1.0.0',
      description:
        'Topics of Fahrplan, the event-sourced planning platform: planning events for downstream systems ' +
        'and the tracker topics of tracker-sync. Generated from `contracts/`.',
    },
    defaultContentType: 'application/json',
    ...(options.servers
      ? {
          servers: Object.fromEntries(
            Object.entries(options.servers).map(([id, server]) => [id, { ...server, protocol: 'kafka' }]),
          ),
        }
      : {}),
    channels,
    operations,
    components: { messages, schemas },
  };

  function addChannel(
    id: string,
    channel: {
      address: string;
      title: string;
      description: string;
      messageNames: readonly string[];
      summary: string;
    },
  ) {
    channels[id] = {
      address: channel.address,
      title: channel.title,
      description: channel.description,
      messages: Object.fromEntries(
        channel.messageNames.map((name) => [name, { $ref: `#/components/messages/${name}` }]),
      ),
      bindings: { kafka: { topic: channel.address, bindingVersion: kafkaBindingVersion } },
    };
    operations[`send${id[0]!.toUpperCase()}${id.slice(1)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      summary: channel.summary,
      messages: channel.messageNames.map((name) => ({ $ref: `#/channels/${id}/messages/${name}` })),
    };
  }
}
