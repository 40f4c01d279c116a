// The fixed seed sets of the tuning bench (bench/tail.ts): each with where it comes from. The
// sets picked for hardness favour any change, so choices are made on sets that are not (first200).

export interface SeedSet {
  /** Where the seeds come from. */
  readonly from: string;
  readonly seeds: Partial<Record<string, readonly number[]>>;
}

const first = (n: number): number[] => Array.from({ length: n }, (_, seed) => seed);

export const SEED_SETS: Record<string, SeedSet> = {
  tail: {
    from: 'the first 15 Double Signora and 15 Mamy Susan seeds, and all 16 Double Aces and Kings seeds, that an early results/thoughtful.csv had unknown at 10 s',
    seeds: {
      'double-signora': [0, 36, 52, 81, 83, 84, 86, 89, 91, 116, 130, 150, 176, 205, 216],
      'mamy-susan': [16, 28, 29, 42, 45, 54, 55, 68, 77, 112, 114, 115, 129, 145, 159],
      'double-aces-and-kings': [94, 123, 198, 211, 309, 351, 459, 556, 566, 648, 700, 756, 773, 909, 910, 942],
    },
  },
  control: {
    from: 'won deals as a control: per game the first 5 seeds and the 5 won with most positions under 3 M in an early results/thoughtful.csv',
    seeds: {
      'double-signora': [1, 2, 3, 4, 5, 626, 804, 619, 324, 397],
      'mamy-susan': [0, 1, 2, 3, 4, 829, 5, 149, 533, 70],
      'double-aces-and-kings': [0, 1, 2, 3, 4, 114, 216, 764, 330, 546],
      'double-dot': [0, 1, 2, 3, 4, 229, 594, 548, 484, 423],
    },
  },
  fresh: {
    from: 'the next 20 seeds a game that early results/thoughtful.csv had unknown at 10 s, kept apart from tuning',
    seeds: {
      'double-signora': [228, 234, 265, 271, 300, 303, 312, 316, 327, 342, 347, 363, 385, 391, 426, 447, 450, 459, 479, 487],
      'mamy-susan': [160, 163, 187, 197, 207, 213, 234, 241, 275, 286, 288, 289, 296, 303, 316, 326, 327, 351, 353, 355],
    },
  },
  ds10k: {
    from: "the first 20 Double Signora seeds of the 10,000-deal study's shard 0 unknown at 10 s with an early solver",
    seeds: {
      'double-signora': [
        4360, 4860, 4892, 4900, 5224, 5468, 5544, 5992, 6076, 6544, 6568, 6788, 6896, 6928, 6996, 7392, 7404, 7440, 8084, 8116,
      ],
    },
  },
  ds10kb: {
    from: 'the next 20 of them',
    seeds: {
      'double-signora': [
        8132, 8304, 8592, 8672, 8944, 8972, 9040, 9068, 9088, 9196, 9264, 9304, 9420, 9428, 9504, 9552, 9588, 9632, 9684, 9940,
      ],
    },
  },
  ds500: {
    from: 'Double Signora seeds of 508..671 unknown at 10 s with an early solver',
    seeds: {
      'double-signora': [508, 538, 543, 560, 565, 571, 573, 574, 575, 591, 597, 626, 629, 643, 648, 655, 663, 668, 669, 671],
    },
  },
  now10s: {
    from: 'every seed of 0..999 unknown at 10 s in results/thoughtful.csv before the order noise, all games (run at --nodes 12000000, about what 10 s gives)',
    seeds: {
      'mamy-susan': [
        16, 35, 42, 45, 77, 105, 114, 115, 129, 145, 159, 187, 197, 207, 213, 238, 241, 267, 275, 286, 288, 289, 303, 304, 326, 327, 351,
        355, 373, 382, 402, 409, 434, 463, 464, 476, 525, 528, 531, 543, 557, 576, 578, 583, 598, 617, 638, 640, 647, 701, 724, 727, 730,
        740, 753, 792, 811, 848, 850, 864, 869, 875, 890, 894, 910, 917, 932, 941, 964, 979, 991,
      ],
      'double-signora': [0, 36, 116, 385, 426, 459, 487, 565, 597, 629, 648, 663, 669, 671, 712, 727, 938, 986],
      'double-aces-and-kings': [211, 556, 648],
    },
  },
  left10s: {
    from: 'the Mamy Susan seeds of 0..999 unknown at 10 s once the best-first rounds had noise',
    seeds: {
      'mamy-susan': [
        16, 35, 42, 77, 114, 115, 129, 145, 159, 207, 213, 275, 286, 288, 289, 303, 326, 327, 355, 373, 402, 409, 463, 464, 528, 531, 557,
        576, 578, 583, 617, 638, 701, 740, 753, 792, 850, 864, 869, 875, 890, 894, 910, 917, 941, 964, 979, 991,
      ],
    },
  },
  ms31: {
    from: 'the Mamy Susan seeds of 0..999 unknown at 10 s once the depth-first order had noise',
    seeds: {
      'mamy-susan': [
        16, 42, 77, 115, 145, 207, 213, 275, 286, 326, 402, 409, 463, 464, 528, 531, 557, 576, 583, 701, 740, 792, 869, 875, 890, 894, 910,
        941, 964, 979, 991,
      ],
    },
  },
  ms21: {
    from: 'the Mamy Susan seeds of 0..999 unknown at 10 s with the best-first noise at 300',
    seeds: {
      'mamy-susan': [16, 42, 77, 115, 207, 275, 286, 326, 402, 463, 464, 531, 557, 576, 583, 701, 792, 869, 875, 910, 964],
    },
  },
  dak10s: {
    from: 'the Double Aces and Kings seeds of 0..9999 unknown at 10 s with the best-first noise (thoughtful.csv and the 10k shards)',
    seeds: {
      'double-aces-and-kings': [556, 2326, 2684, 3879, 4205, 4440, 5500, 5734, 6362, 6434, 6443, 6839, 6900, 7431, 7669, 8084, 9714, 9906],
    },
  },
  first50: {
    from: 'seeds 0..49 of the games with best-first rounds',
    seeds: {
      'mamy-susan': first(50),
      'double-aces-and-kings': first(50),
    },
  },
  first200: {
    from: 'seeds 0..199 of every game but Double Dot: not picked for hardness, the set tuning choices are made on',
    seeds: {
      'mamy-susan': first(200),
      'double-aces-and-kings': first(200),
      'double-signora': first(200),
    },
  },
  first60: {
    from: 'seeds 0..59 of Double Signora and Mamy Susan',
    seeds: {
      'double-signora': first(60),
      'mamy-susan': first(60),
    },
  },
};
