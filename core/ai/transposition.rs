//! The search's transposition table: each searched (state, depth) with its values, hashed by
//! FxHash.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;

use crate::ai::vocab::Values;
use crate::engine::State;

/// FxHash (rustc's): a multiply and a rotate a word, plenty for states as keys.
#[derive(Default)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i16(&mut self, n: i16) {
        self.write_u64(n as u16 as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A transposition table: each searched (state, depth) with its values. Each lookup hashes
/// its key once; the hash index holds only hashes and places in `entries` (small slots: the
/// probes, mostly for positions not met yet, touch less memory).
#[derive(Default)]
pub struct Transpositions {
    index: HashTable<(u64, u32)>,
    entries: Vec<(State, i32, Values)>,
}

pub fn key_hash(state: &State, depth: i32) -> u64 {
    let mut hasher = Fx::default();
    state.hash(&mut hasher);
    hasher.write_u32(depth as u32);
    hasher.finish()
}

impl Transpositions {
    pub fn get(&self, hash: u64, state: &State, depth: i32) -> Option<Values> {
        let entries = &self.entries;
        let same = |&(h, i): &(u64, u32)| {
            let (s, d, _) = &entries[i as usize];
            h == hash && *d == depth && s == state
        };
        self.index
            .find(hash, same)
            .map(|&(_, i)| entries[i as usize].2)
    }

    pub fn insert(&mut self, hash: u64, state: &State, depth: i32, values: Values) {
        let place = self.entries.len() as u32;
        self.entries.push((*state, depth, values));
        self.index.insert_unique(hash, (hash, place), |&(h, _)| h);
    }

    pub fn capacity(&self) -> usize {
        self.index.capacity()
    }

    /// Emptied for the next iteration, its memory kept.
    pub fn clear(&mut self) {
        self.index.clear();
        self.entries.clear();
    }
}
