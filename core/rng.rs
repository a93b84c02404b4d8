//! The native simulations' generator: splitmix64 (small, fast, and good enough for dice and
//! for picking among a few moves). It is seeded explicitly, so a seed replays a batch.

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
