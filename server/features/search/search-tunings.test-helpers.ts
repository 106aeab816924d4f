import { afterEach } from 'vitest';
import { pfieldTuning, wordsTuning } from './search-plan';
import { windowTuning } from './search.repository';
import { nearestTuning } from './search-nearest';
import { candidateTuning } from './search.service';
import { bumpTuning } from './search-bumps.repository';
import { ftsTuning } from './search-fts';

// The search's tunings in tests: each way it reads forced in turn, and tunings put back.

/** The ways search reads, each forced on a small world (SQLite's, and both engines' field values). */
const SEARCH_WAYS: [string, () => void][] = [
  ['as planned', () => {}],
  [
    'common words, windows, radius by radius, bumps by the text index',
    () => {
      // (Windows read words whose filters are tested on the rows.)
      ftsTuning.filtersInIndex = false;
      wordsTuning.commonWords = 1;
      windowTuning.firstSpan = 1;
      candidateTuning.max = 0;
      nearestTuning.atOnce = 0;
      pfieldTuning.fewValues = 0;
      bumpTuning.few = 0;
    },
  ],
  [
    'filters tested on the rows, not asked of the text index (SQLite)',
    () => {
      ftsTuning.filtersInIndex = false;
    },
  ],
  [
    'few products ranked in JS, field values read first',
    () => {
      wordsTuning.commonWords = 1;
      pfieldTuning.fewValues = 1_000_000;
    },
  ],
];

/** The tunings a way of reading sets (each an object of the module that reads it). */
const TUNINGS = [
  wordsTuning,
  windowTuning,
  candidateTuning,
  nearestTuning,
  pfieldTuning,
  bumpTuning,
  ftsTuning,
] as const;

/** A function that puts each tuning object's values back as they are now. */
function tuningsNow(tunings: readonly object[]): () => void {
  const saved = tunings.map((tuning) => ({ ...tuning }));
  return () => tunings.forEach((tuning, i) => Object.assign(tuning, saved[i]));
}

/** Runs `work` once per way of reading, named; the tuning is as it was after each, and after all. */
export async function eachSearchWay(work: (way: string) => Promise<void>) {
  const restore = tuningsNow(TUNINGS);
  try {
    for (const [way, set] of SEARCH_WAYS) {
      set();
      await work(way);
      restore();
    }
  } finally {
    restore();
  }
}

/**
 * Puts each tuning object's values back after every test of the block that calls it (the values
 * it had when called); answers a function that puts them back at once, for a test that changes
 * them more than once.
 */
export function restoreTuningsAfterEach(...tunings: object[]): () => void {
  const restore = tuningsNow(tunings);
  afterEach(restore);
  return restore;
}
