// A bound on concurrent password checks (DECISIONS 2.4). scrypt costs ~50 ms of CPU on libuv's
// thread pool; unbounded, 32 parallel sign-ins with made-up names made every other call 174x
// slower. Beyond the bound a few wait their turn; past that queue the answer is 503 at once, so a
// flood costs no database work and no hashing.
import { ServiceError } from '../../wire/errors';

export class CheckSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly capacity: () => number,
    private readonly queueLength: () => number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.capacity()) this.active++;
    else if (this.waiting.length < this.queueLength()) {
      // The slot is handed over by the releasing call, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new ServiceError(
        'service_busy',
        'Too many sign-ins at this moment; try again in a second.',
        [],
        { 'retry-after': '1' },
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
}
