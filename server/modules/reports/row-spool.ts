/**
 * The PDF writer's rows kept between its passes (measure, count pages, draw): each batch of cell
 * texts (with their measured widths) as one deflated JSON chunk in memory. No temporary file (the
 * donors' names and addresses never touch the disk) and a few bytes per row: the texts repeat a lot
 * (10,000 donation rows shaped like bench/donor-book.ts's keep about 0.2 MB).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export interface SpooledRow {
  /** The cells as drawn (cellText), by column. */
  texts: string[];
  /** Each text's width on one line, points. */
  widths: number[];
}

export class RowSpool {
  private readonly chunks: Buffer[] = [];
  private pending: string[] = [];
  private count = 0;

  constructor(private readonly rowsPerChunk = 500) {}

  add(row: SpooledRow): void {
    this.pending.push(JSON.stringify([row.texts, row.widths.map((w) => Math.ceil(w * 1000) / 1000)]));
    this.count += 1;
    if (this.pending.length >= this.rowsPerChunk) this.seal();
  }

  private seal(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(deflateRawSync(Buffer.from(this.pending.join('\n'), 'utf8'), { level: 1 }));
    this.pending = [];
  }

  get rows(): number {
    return this.count;
  }

  /** Bytes held (deflated). */
  get bytes(): number {
    return this.chunks.reduce((sum, c) => sum + c.length, 0);
  }

  /** The rows in the order added, one batch per chunk; may be read any number of times. */
  *batches(): Iterable<SpooledRow[]> {
    this.seal();
    for (const chunk of this.chunks) {
      yield inflateRawSync(chunk)
        .toString('utf8')
        .split('\n')
        .map((line) => {
          const [texts, widths] = JSON.parse(line) as [string[], number[]];
          return { texts, widths };
        });
    }
  }
}
