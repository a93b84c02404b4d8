//! The core's generators, both seeded explicitly so a seed replays a batch:
//! - `Rng`, splitmix64: small and fast, for random batches that only need good dice;
//! - `PyRandom`, Python's own generator (`random.Random`: MT19937, seeded from an int or a
//!   str as Python seeds it), so a game played in the core draws the same dice and the same
//!   choices as `pegrace.match.run_game` draws from the same seeds.

use sha2::{Digest, Sha512};

/// What the games and players draw: a die face, and a whole number below `n`.
pub trait Draw {
    fn d6(&mut self) -> u8;
    fn below(&mut self, n: u32) -> u32;
}

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number below `n` (n > 0), by the high bits (Lemire's multiply; the bias is
    /// under n / 2^32).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }
}

impl Draw for Rng {
    fn d6(&mut self) -> u8 {
        Rng::d6(self)
    }

    fn below(&mut self, n: u32) -> u32 {
        Rng::below(self, n)
    }
}

const MT_N: usize = 624;
const MT_M: usize = 397;
/// Generators seeded side by side.
const LANES: usize = 8;

/// A whole number's key: its 32-bit words from the least significant (0 is no words).
pub fn int_key(seed: u128) -> Vec<u32> {
    let mut key = Vec::new();
    let mut rest = seed;
    while rest > 0 {
        key.push(rest as u32);
        rest >>= 32;
    }
    key
}

/// A text's key: the bytes and their SHA-512 as one big-endian number, in 32-bit words from the
/// least significant end (leading zero words are no part of it).
pub fn text_key(seed: &str) -> Vec<u32> {
    let mut bytes = seed.as_bytes().to_vec();
    bytes.extend_from_slice(&Sha512::digest(seed.as_bytes()));
    let mut key: Vec<u32> = bytes
        .rchunks(4)
        .map(|chunk| {
            chunk
                .iter()
                .fold(0u32, |word, &b| (word << 8) | u32::from(b))
        })
        .collect();
    while key.last() == Some(&0) {
        key.pop();
    }
    key
}

/// `init_by_array` for up to `LANES` keys, step by step in every lane.
fn seed_lanes(keys: &[Vec<u32>]) -> Vec<PyRandom> {
    // every seeding starts from the same state: worked out once
    static START: std::sync::OnceLock<[u32; MT_N]> = std::sync::OnceLock::new();
    let start = START.get_or_init(|| {
        let mut mt = [0u32; MT_N];
        mt[0] = 19_650_218;
        for i in 1..MT_N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        mt
    });
    let lanes = keys.len();
    // every lane in use (the spare ones seed a 0), so the steps run over whole rows
    let keys: Vec<&[u32]> = (0..LANES)
        .map(|lane| match keys.get(lane) {
            Some(k) if !k.is_empty() => &k[..],
            _ => &[0][..],
        })
        .collect();
    // mt[i][lane]
    let mut mt = vec![[0u32; LANES]; MT_N];
    for (row, &word) in mt.iter_mut().zip(start) {
        *row = [word; LANES];
    }
    let steps = keys.iter().map(|k| k.len()).max().unwrap_or(1).max(MT_N);
    let mut j = [0usize; LANES];
    let mut i = 1;
    for _ in 0..steps {
        let mut words = [0u32; LANES];
        for lane in 0..LANES {
            words[lane] = keys[lane][j[lane]].wrapping_add(j[lane] as u32);
            j[lane] = if j[lane] + 1 >= keys[lane].len() {
                0
            } else {
                j[lane] + 1
            };
        }
        let previous = mt[i - 1];
        let row = &mut mt[i];
        for lane in 0..LANES {
            let p = previous[lane];
            row[lane] =
                (row[lane] ^ (p ^ (p >> 30)).wrapping_mul(1_664_525)).wrapping_add(words[lane]);
        }
        i += 1;
        if i >= MT_N {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    for _ in 0..MT_N - 1 {
        let previous = mt[i - 1];
        for lane in 0..lanes {
            let p = previous[lane];
            mt[i][lane] =
                (mt[i][lane] ^ (p ^ (p >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
        }
        i += 1;
        if i >= MT_N {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    (0..lanes)
        .map(|lane| {
            let mut state = [0u32; MT_N];
            for (word, row) in state.iter_mut().zip(&mt) {
                *word = row[lane];
            }
            state[0] = 0x8000_0000;
            PyRandom { state, index: MT_N }
        })
        .collect()
}

/// Python's `random.Random`: MT19937 with CPython's seeding and its `random()`.
#[derive(Clone)]
pub struct PyRandom {
    state: [u32; MT_N],
    index: usize,
}

impl PyRandom {
    /// `random.Random(seed)` for a whole number (Python seeds with its absolute value).
    pub fn from_int(seed: u128) -> Self {
        Self::from_keys(&[int_key(seed)]).remove(0)
    }

    /// `random.Random(text)`: the bytes and their SHA-512 as one big-endian number.
    pub fn from_text(seed: &str) -> Self {
        Self::from_keys(&[text_key(seed)]).remove(0)
    }

    /// A generator per key (`int_key`, `text_key`), seeded as CPython's `init_by_array`
    /// seeds: several at once, their steps interleaved (each seeding is a long chain of
    /// dependent multiplications; side by side they keep the processor busy).
    pub fn from_keys(keys: &[Vec<u32>]) -> Vec<Self> {
        let mut seeded = Vec::with_capacity(keys.len());
        for lanes in keys.chunks(LANES) {
            if lanes.iter().all(|k| k.len() <= MT_N) {
                seeded.extend(seed_lanes(lanes));
            } else {
                // a key longer than the state takes more steps: it goes alone
                seeded.extend(
                    lanes
                        .iter()
                        .flat_map(|k| seed_lanes(std::slice::from_ref(k))),
                );
            }
        }
        seeded
    }

    fn twist(&mut self) {
        let mt = &mut self.state;
        let mix = |upper: u32, lower: u32, far: u32| -> u32 {
            let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
            far ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & 0x9908_b0df)
        };
        // in three runs, so that no index wraps (no remainder in the loop)
        for k in 0..MT_N - MT_M {
            mt[k] = mix(mt[k], mt[k + 1], mt[k + MT_M]);
        }
        for k in MT_N - MT_M..MT_N - 1 {
            mt[k] = mix(mt[k], mt[k + 1], mt[k + MT_M - MT_N]);
        }
        mt[MT_N - 1] = mix(mt[MT_N - 1], mt[0], mt[MT_M - 1]);
        self.index = 0;
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= MT_N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.random()`: 53 random bits in [0, 1).
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }
}

impl Draw for PyRandom {
    /// pegrace's `roll_d6`: `int(rng.random() * 6) + 1`.
    fn d6(&mut self) -> u8 {
        (self.random() * 6.0) as u8 + 1
    }

    /// pegrace's players' pick: `int(rng.random() * n)`.
    fn below(&mut self, n: u32) -> u32 {
        (self.random() * f64::from(n)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_dice() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let first: Vec<u8> = (0..100).map(|_| a.d6()).collect();
        assert_eq!(first, (0..100).map(|_| b.d6()).collect::<Vec<u8>>());
    }

    #[test]
    fn python_seeds_give_pythons_numbers() {
        // python3 -c "import random; r = random.Random(SEED); print(r.random())"
        let mut r = PyRandom::from_int(0);
        assert_eq!(r.random(), 0.844_421_851_525_048_1);
        let mut r = PyRandom::from_int(12_345_678_901_234_567_890_123);
        assert_eq!(r.next_u32(), 678_764_485);
        let mut r = PyRandom::from_int((1 << 64) + 5);
        assert_eq!(r.random(), 0.510_578_376_936_511_2);
        let mut r = PyRandom::from_text("7:red");
        assert_eq!(r.random(), 0.253_101_692_589_924_2);
        assert_eq!(r.random(), 0.035_901_135_452_942_27);
        let long = "x".repeat(3000); // a key longer than the state
        assert_eq!(
            PyRandom::from_text(&long).random(),
            0.474_222_979_127_289_83
        );
        // every word of the state, over two twists
        let mut r = PyRandom::from_int(5);
        let words: Vec<u32> = (0..1300).map(|_| r.next_u32()).collect();
        assert_eq!((words[699], words[1299]), (2639495804, 1638843205));
    }

    #[test]
    fn every_face_comes_up_about_as_often() {
        let mut rng = Rng::new(1);
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[rng.d6() as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        assert!(
            counts[1..].iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }
}
