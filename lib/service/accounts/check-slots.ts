// A bound on concurrent password checks (DECISIONS 2.4). scrypt costs ~50 ms of CPU on libuv's
// thread pool; unbounded, 32 parallel sign-ins with made-up names made every other call 174x
// slower. Beyond the bound a few wait their turn; past that queue the answer is 503, which costs
// no database work and no hashing.
//
// That 503 is held back for a while before it is sent (a tarpit). Answered at once, a flood whose
// clients ignore Retry-After and re-send at once was answered ~4,000 times a second on PostgreSQL:
// the event loop spent itself on those answers (a profile: over a quarter of its time in the
// socket writes alone), and authenticated calls queued behind them at 9-24x their quiet latency.
// Held, each flooding connection gets one answer per hold. The held answers are capped, so holding
// cannot pile up timers and sockets without end; past the cap the answer is sent at once again.
import { env } from '../../env';
import { processWide } from '../../process-wide';
import { ServiceError } from '../../wire/errors';

export interface CheckSlotLimits {
  /** Checks running at once. */
  capacity: () => number;
  /** Checks waiting for a running one to finish. */
  queueLength: () => number;
  /** How long a refusal is held before it is sent. */
  holdMs: number;
  /** Refusals held at once; more are sent at once. */
  maxHeld: number;
}

/** The service's `503` for a check that found no slot. */
function busyError(retryAfterSeconds: number): Error {
  return new ServiceError(
    'service_busy',
    'Too many sign-ins at this moment; try again in a second.',
    [],
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export class CheckSlots {
  private active = 0;
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: CheckSlotLimits) {}

  /**
   * Runs `work` in a slot, or throws `busy()` after the hold. The caller makes its own refusal: a
   * pool shared by two module copies must not throw one copy's error class into the other.
   */
  async run<T>(
    work: () => Promise<T>,
    busy: (retryAfterSeconds: number) => Error = busyError,
  ): Promise<T> {
    if (this.active < this.limits.capacity()) this.active++;
    else if (this.waiting.length < this.limits.queueLength()) {
      // The slot is handed over by the releasing call, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      await this.hold();
      throw busy(Math.ceil(this.limits.holdMs / 1000));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  private async hold(): Promise<void> {
    if (this.held >= this.limits.maxHeld) return;
    this.held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.limits.holdMs));
    } finally {
      this.held--;
    }
  }
}

/**
 * The process's one pool of password checks: the landlords' `token/` and the office's staff
 * sign-in take their slots from it, so LOGIN_MAX_CONCURRENT bounds every scrypt of the process
 * together. It lives per process, not per module copy (lib/process-wide.ts): server.ts and Next's
 * bundle each load this module, and a pool per copy would let twice as many checks run.
 */
const pool = processWide(
  'service.password-checks',
  () =>
    new CheckSlots({
      capacity: () => env().LOGIN_MAX_CONCURRENT,
      queueLength: () => env().LOGIN_MAX_CONCURRENT * 8,
      // As long as Retry-After asks a well-behaved client to wait anyway.
      holdMs: 1000,
      // Well below the 1,024 open files a process is commonly allowed (ulimit -n).
      maxHeld: 256,
    }),
);

/** Runs a password check in a slot of the process's one pool (see above). */
export function inPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  return pool.get().run(work, busyError);
}
