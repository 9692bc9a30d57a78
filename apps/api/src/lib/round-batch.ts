/**
 * Asks made while the event loop handles one round of input (the requests it read together), answered
 * together, by one call of `answer` after that round: one statement for many requests instead of one
 * each. On a 2-core machine at 64 concurrent requests, each statement's round trip (its write to the
 * database's socket, the database's own work per statement, the answer's read) costs more than the
 * few rows it reads, so reads and counters that many requests ask at once go through one of these.
 *
 * An ask waits at most for the round it came in to end, and is answered by a statement sent after it
 * was made: what it reads is as fresh as if it had been sent alone. `answer` gets the asks in the order
 * they came and returns one answer per ask, in that order; when it fails, every ask of the call fails
 * with its error.
 */
export class RoundBatch<Ask, Answer> {
  private waiting: Array<{ ask: Ask; resolve: (answer: Answer) => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly answer: (asks: readonly Ask[]) => Promise<readonly Answer[]>) {}

  ask(ask: Ask): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      // After the round: the requests read with this one have asked by then.
      if (this.waiting.length === 1) setImmediate(() => void this.answerWaiting());
    });
  }

  private async answerWaiting(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const answers = await this.answer(batch.map(({ ask }) => ask));
      if (answers.length !== batch.length) throw new Error(`${answers.length} answers for ${batch.length} asks`);
      batch.forEach(({ resolve }, index) => resolve(answers[index]!));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
