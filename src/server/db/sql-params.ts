/**
 * Numbers the parameters of one statement built from parts (a rate limit's CTEs, then the
 * request's own work): each part adds its values and writes the placeholder it gets back, so the
 * parts need not know each other's numbering.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and answers its placeholder ($n). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
