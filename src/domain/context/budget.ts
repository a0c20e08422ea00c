import type { MemoryRow } from '../../db/schema';
import { enums, limits } from '../../generated/contract';
import type { Principal } from '../shared/principal';
import { isMemoryVisibleTo } from '../memories/visibility';
import { codePointLength, shortenToCodePoints, type Shortened } from '../shared/text';

/** A Memory is left out of a context (and counted as omitted) only when fewer than this are left. */
export const MIN_MEMORY_CHARS = 100;

/**
 * Counts returned text in code points against a context's budget. Memory text is shortened to
 * what is left (at most the preview length); other texts fit whole or not at all.
 */
export class TextBudget {
  private usedChars = 0;

  constructor(readonly maxChars: number) {}

  get used(): number {
    return this.usedChars;
  }

  get left(): number {
    return this.maxChars - this.usedChars;
  }

  /** Memory text shortened to fit, or null when the Memory must be left out. */
  fitMemoryText(text: string): Shortened | null {
    if (this.left < MIN_MEMORY_CHARS) return null;
    const shortened = shortenToCodePoints(text, Math.min(limits.memoryPreviewChars, this.left));
    this.usedChars += shortened.length;
    return shortened;
  }

  /** Text shortened to at most `max` code points and to what is left. */
  fitShortened(text: string, max: number = Number.POSITIVE_INFINITY): Shortened {
    const shortened = shortenToCodePoints(text, Math.max(0, Math.min(max, this.left)));
    this.usedChars += shortened.length;
    return shortened;
  }

  /** Whether a whole text fits; counts it when it does. */
  fitWhole(text: string): boolean {
    const length = codePointLength(text);
    if (length > this.left) return false;
    this.usedChars += length;
    return true;
  }

  toJSON(): { max_chars: number; used_chars: number } {
    return { max_chars: this.maxChars, used_chars: this.usedChars };
  }
}

/** The sensitivities contextMemories lets through. */
export function contextSensitivities(principal: Principal, includeSensitive: boolean): string[] {
  return enums.sensitivity.filter((sensitivity) => isContextVisible({ sensitivity }, principal, includeSensitive));
}

export function isContextVisible(row: Pick<MemoryRow, 'sensitivity'>, principal: Principal, includeSensitive: boolean): boolean {
  if (row.sensitivity === 'normal') return true;
  return includeSensitive && isMemoryVisibleTo(principal, row);
}

/** How many Memories a budget could hold at most (each needs 100 characters left): fetching more is pointless. */
export function memoryCandidateLimit(maxChars: number): number {
  return Math.floor(maxChars / MIN_MEMORY_CHARS) + 1;
}

/** Items kept whole or not at all (names, statements, summaries) take at least one character each. */
export function wholeItemCandidateLimit(maxChars: number): number {
  return maxChars;
}
