// The embedded database's files on the host, with commits that reach the disk. PGlite's Node
// filesystem (Emscripten's NODEFS) implements neither fsync nor fdatasync: both return success
// without touching the host file, so PostgreSQL's own `fsync=on` would change nothing (PGlite
// starts with `-F`, fsync off, anyway). This filesystem gives NODEFS an fsync that calls the
// host's, and the server settings make PostgreSQL use it: fsync on, and WAL flushed with fsync()
// (the Linux default, fdatasync, stays a no-op in the WASM runtime). Decision and measurements:
// docs/decisions/008-embedded-durability.md.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } };
}
type InitResult = Awaited<ReturnType<NodeFS['init']>>;

export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<InitResult> {
    const result = await super.init(...args);
    const opts = result.emscriptenOpts as { preRun?: ((mod: EmscriptenModule) => void)[] };
    const preRun = [
      ...(opts.preRun ?? []),
      (mod: EmscriptenModule) => {
        // A directory has no host descriptor in NODEFS; its entries are synced with the files.
        mod.NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { ...result, emscriptenOpts: { ...opts, preRun } };
  }
}

/**
 * PGlite's start parameters with fsync on and the WAL flushed by fsync(); old WAL segments are
 * deleted, not renamed for reuse with their old contents (erased data must not linger: scrub.ts).
 */
export function durableStartParams(): string[] {
  const params = PGlite.defaultStartParams.filter((p) => p !== '-F');
  return [...params, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'wal_recycle=off'];
}
