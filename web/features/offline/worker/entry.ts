import { installOfflineWorker, type OfflineBuild, type WorkerGlobal } from './offline-worker';

/** Replaced by scripts/build.ts with this build's version and precache list. */
declare const __OFFLINE_BUILD__: OfflineBuild;

installOfflineWorker(globalThis as unknown as WorkerGlobal, __OFFLINE_BUILD__);
