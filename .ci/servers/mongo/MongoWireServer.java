import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Launches mongo-java-server (in-memory) for .ci/servers.sh: `MongoWireServer <host> <port>`. */
public final class MongoWireServer {
  /**
   * The Node driver 7 refuses servers below wire version 9 (MongoDB 4.4); mongo-java-server's newest
   * preset (MONGO_5_0) still announces 8. Claim 4.4 and no more, so the driver uses no newer features.
   */
  private static final class Mongo44 implements MongoVersion {
    @Override
    public List<Integer> getVersionArray() {
      return List.of(4, 4, 0);
    }

    @Override
    public int getWireVersion() {
      return 9;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 27017;
    MongoServer server = new MongoServer(new MemoryBackend().version(new Mongo44()));
    server.bind(host, port);
    System.out.println("mongo-java-server listening on " + host + ":" + port);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdownNow();
      stopped.countDown();
    }));
    stopped.await();
  }
}
