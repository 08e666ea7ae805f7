import { MemoryReadStore } from './memory-read-store';
import { readStoreContract } from './testing/read-store.contract';

readStoreContract('MemoryReadStore', async () => ({ store: new MemoryReadStore(), dispose: async () => {} }));
