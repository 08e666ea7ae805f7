import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.bson.Document;

/**
 * Readiness probe of .ci/servers.sh. Exit 0 when the server answers, 1 (with the reason on stderr)
 * when it does not:
 *   ServersReady kafka 127.0.0.1:9092       cluster metadata + topic list
 *   ServersReady mongo mongodb://127.0.0.1:27017/   ping
 */
public final class ServersReady {
  public static void main(String[] args) {
    try {
      switch (args[0]) {
        case "kafka" -> kafka(args[1]);
        case "mongo" -> mongo(args[1]);
        default -> throw new IllegalArgumentException("unknown server " + args[0]);
      }
    } catch (Exception e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      System.err.println(args[0] + " not ready: " + cause);
      System.exit(1);
    }
  }

  private static void kafka(String bootstrap) throws Exception {
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8000);
    try (Admin admin = Admin.create(props)) {
      int brokers = admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size();
      if (brokers == 0) throw new IllegalStateException("no broker in the cluster metadata");
      Set<String> topics = admin.listTopics().names().get(10, TimeUnit.SECONDS);
      System.err.println("kafka ready: " + brokers + " broker(s), " + topics.size() + " topic(s)");
    }
  }

  private static void mongo(String url) {
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(url))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(5, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(5, TimeUnit.SECONDS).readTimeout(10, TimeUnit.SECONDS))
        .build();
    try (MongoClient client = MongoClients.create(settings)) {
      Document reply = client.getDatabase("admin").runCommand(new Document("ping", 1));
      if (reply.get("ok") instanceof Number ok && ok.doubleValue() == 1.0) {
        System.err.println("mongo ready");
        return;
      }
      throw new IllegalStateException("ping answered " + reply.toJson());
    }
  }
}
