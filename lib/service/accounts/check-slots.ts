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

export class CheckSlots {
  private active = 0;
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: CheckSlotLimits) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.capacity()) this.active++;
    else if (this.waiting.length < this.limits.queueLength()) {
      // The slot is handed over by the releasing call, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      await this.hold();
      throw new ServiceError(
        'service_busy',
        'Too many sign-ins at this moment; try again in a second.',
        [],
        { 'retry-after': String(Math.ceil(this.limits.holdMs / 1000)) },
      );
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
