/**
 * Says once, before the integration tests, which real servers the suites will use: the MongoDB,
 * Kafka and EventStoreDB adapters are proven only where their server is reachable (issue 3).
 */
module.exports = async (globalConfig) => {
  if (!JSON.stringify(globalConfig.testPathPatterns ?? '').includes('int')) return;
  const line = (name, variable, fallback) =>
    process.env[variable]
      ? `  ${name}: ${variable}=${process.env[variable]}`
      : `  ${name}: no ${variable} — ${fallback}`;
  process.stdout.write(
    [
      '',
      'Real servers for the adapter suites:',
      line(
        'MongoDB',
        'MONGODB_URL',
        'MongoDB suites use testcontainers where Docker runs, else they are skipped',
      ),
      line(
        'Kafka',
        'KAFKA_BROKERS',
        'Kafka suites use testcontainers where Docker runs, else they are skipped',
      ),
      line(
        'EventStoreDB',
        'EVENTSTORE_URL',
        'its suite uses testcontainers where Docker runs, else it is skipped',
      ),
      '  (`bash .ci/servers.sh run npm test` starts Kafka and a MongoDB-wire server and runs the tests against them)',
      '',
    ].join('\n'),
  );
};
