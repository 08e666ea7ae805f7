import { enableCompileCache } from 'node:module';

// Imported first by the entry points: V8 keeps the compiled code of every module loaded after this one
// on disk (in the system's temporary folder), so the next start loads them faster and listens sooner.
enableCompileCache();
