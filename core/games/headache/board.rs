//! Headache's board: 8 Xs round a circle, an outer track of 3 spaces and an inner of 2 between
//! neighbouring Xs (48 spaces: x:0..7 = 0..7, outer:0..23 = 8..31, inner:0..15 = 32..47), the
//! walks along it, and how a position packs its cones (a cone on the board is
//! `space << HEIGHT_BITS | height`, -1 on START) and a move.

pub const X_COUNT: usize = 8;
pub(super) const OUTER_BASE: usize = 8;
pub(super) const INNER_BASE: usize = 32;
pub const SPACES: usize = 48;
pub const START: i16 = -1;
pub const HEIGHT_BITS: i16 = 4;
pub const HEIGHT_MASK: i16 = 15;
pub const SEAT_BITS: i16 = 3;
pub const SEAT_MASK: i16 = 7;
pub const BLOCKED: i16 = 1 << 12; // a START pile in the occupancy
pub(super) const EMPTY: i16 = -1;
pub(super) const FIRST_TURNS: u16 = 4;
/// Each colour's START X is this many Xs after the previous colour's.
pub(super) const START_X_STEP: i16 = 2;

/// `targets[space][number]`: every space a walk of `number` ends on, in order.
pub(super) type Targets = Vec<Vec<Vec<i16>>>;

/// One cone or stack from `origin` to `target` (`from_start`: a cone leaving START).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ConeMove {
    pub origin: i16,
    pub target: i16,
    pub backward: bool,
    pub from_start: bool,
    pub pass: bool,
}

pub(super) const PASS: ConeMove = ConeMove {
    origin: 0,
    target: 0,
    backward: false,
    from_start: false,
    pass: true,
};

fn successors(space: usize) -> Vec<usize> {
    if space < X_COUNT {
        return vec![OUTER_BASE + 3 * space, INNER_BASE + 2 * space];
    }
    let (base, per) = if space < INNER_BASE {
        (OUTER_BASE, 3)
    } else {
        (INNER_BASE, 2)
    };
    let j = space - base;
    if j % per == per - 1 {
        vec![(j / per + 1) % X_COUNT]
    } else {
        vec![space + 1]
    }
}

/// The spaces one step leads to, clockwise or (`backward`) counter-clockwise, in the board's
/// edge order.
fn neighbours(space: usize, backward: bool) -> Vec<usize> {
    if !backward {
        return successors(space);
    }
    (0..SPACES)
        .filter(|&from| successors(from).contains(&space))
        .collect()
}

/// The first walk (in the board's edge order) of `number` spaces from `origin` that ends on
/// `target`: the spaces passed, `target` last.
pub(super) fn walk(origin: usize, target: usize, number: usize, backward: bool) -> Vec<i16> {
    if number == 0 {
        return Vec::new();
    }
    for next in neighbours(origin, backward) {
        let rest = walk(next, target, number - 1, backward);
        let arrives = if number == 1 {
            next == target
        } else {
            !rest.is_empty()
        };
        if arrives {
            return std::iter::once(next as i16).chain(rest).collect();
        }
    }
    Vec::new()
}

pub(super) fn targets(backward: bool) -> Targets {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); SPACES];
    for space in 0..SPACES {
        for to in successors(space) {
            if backward {
                next[to].push(space);
            } else {
                next[space].push(to);
            }
        }
    }
    (0..SPACES)
        .map(|space| {
            let mut by_number = vec![Vec::new()];
            let mut walk = vec![space];
            for _ in 1..=6 {
                walk = walk.iter().flat_map(|&s| next[s].clone()).collect();
                let mut ends: Vec<i16> = walk.iter().map(|&s| s as i16).collect();
                ends.sort_unstable();
                ends.dedup();
                by_number.push(ends);
            }
            by_number
        })
        .collect()
}
