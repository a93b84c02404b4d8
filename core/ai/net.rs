//! A learned value's small network: one hidden layer of rectified units over every seat's
//! features at once (each seat's terms placed by how many turns after the seat to move it
//! moves, so one network serves every seat), and one output per seat order, added to the
//! linear model's strengths. The inputs are sparse (a few terms per seat), so a layer costs
//! the terms times the hidden units; its parameters and units are single precision, twice as
//! many to an instruction as double (a search's leaves are most of its time).

use crate::ai::vocab::{turns_after, Terms};
use crate::engine::MAX_SEATS;
use crate::rng::Rng;

/// The most hidden units a network has.
pub const MAX_HIDDEN: usize = 64;
/// Hidden units come in groups of this many (a group's sums in one or two instructions).
pub const LANES: usize = 8;

/// Whether a network may have `hidden` units: a multiple of `LANES` up to `MAX_HIDDEN`.
pub fn hidden_fits(hidden: usize) -> bool {
    (1..=MAX_HIDDEN).contains(&hidden) && hidden.is_multiple_of(LANES)
}

#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Features per seat.
    pub per_seat: usize,
    pub hidden: usize,
    /// The first layer `[input][hidden]`, its biases, the output layer `[seat order][hidden]`,
    /// its biases.
    pub params: Vec<f32>,
}

/// A forward pass's hidden units (kept for the backward pass).
pub type Hidden = [f32; MAX_HIDDEN];

impl Net {
    pub fn size(per_seat: usize, hidden: usize) -> usize {
        (MAX_SEATS * per_seat + 1 + MAX_SEATS) * hidden + MAX_SEATS
    }

    /// A network whose outputs start at 0 (the linear model's value), its first layer drawn
    /// small from `rng`.
    pub fn new(per_seat: usize, hidden: usize, rng: &mut Rng) -> Self {
        let mut params = vec![0.0; Net::size(per_seat, hidden)];
        for w in &mut params[..MAX_SEATS * per_seat * hidden] {
            *w = (rng.below(2001) as f32 - 1000.0) / 1000.0 * 0.1;
        }
        Net {
            per_seat,
            hidden,
            params,
        }
    }

    /// The network with `params` (to single precision); none if they do not fit.
    pub fn with(per_seat: usize, hidden: usize, params: &[f64]) -> Option<Self> {
        let fits =
            (1..=MAX_HIDDEN).contains(&hidden) && params.len() == Net::size(per_seat, hidden);
        fits.then(|| Net {
            per_seat,
            hidden,
            params: params.iter().map(|&p| p as f32).collect(),
        })
    }

    fn first(&self) -> usize {
        MAX_SEATS * self.per_seat * self.hidden
    }

    fn output(&self) -> usize {
        self.first() + self.hidden
    }

    /// Each seat's added strength; `units` keeps the hidden units.
    pub fn forward(&self, terms: &Terms, seats: usize, units: &mut Hidden) -> [f64; MAX_SEATS] {
        let to_move = terms.to_move;
        let (h, p) = (self.hidden, &self.params);
        units[..h].copy_from_slice(&p[self.first()..self.first() + h]);
        for seat in 0..seats {
            let order = turns_after(seat, to_move, seats);
            for (i, v) in terms.of(seat) {
                let (row, v) = (&p[(order * self.per_seat + i) * h..][..h], v as f32);
                for (u, w) in units[..h].iter_mut().zip(row) {
                    *u += v * w;
                }
            }
        }
        for u in &mut units[..h] {
            *u = u.max(0.0);
        }
        let mut added = [0.0; MAX_SEATS];
        let out = self.output();
        for (seat, add) in added.iter_mut().enumerate().take(seats) {
            let order = turns_after(seat, to_move, seats);
            let row = &p[out + order * h..][..h];
            let mut lanes = [0.0f32; LANES];
            for (w, u) in row.chunks_exact(LANES).zip(units[..h].chunks_exact(LANES)) {
                for k in 0..LANES {
                    lanes[k] += w[k] * u[k];
                }
            }
            *add = f64::from(lanes.iter().sum::<f32>() + p[out + MAX_SEATS * h + order]);
        }
        added
    }

    /// Adds to `grad` (shaped as `params`) the gradient of a loss whose gradient in each seat's
    /// strength is `d` (the forward pass's `units`).
    pub fn backward(
        &self,
        terms: &Terms,
        seats: usize,
        (units, d): (&Hidden, &[f64; MAX_SEATS]),
        grad: &mut [f64],
    ) {
        let (h, p, out, to_move) = (self.hidden, &self.params, self.output(), terms.to_move);
        let mut back = [0.0; MAX_HIDDEN];
        for (seat, &ds) in d.iter().enumerate().take(seats) {
            if ds == 0.0 {
                continue;
            }
            let order = turns_after(seat, to_move, seats);
            let at = out + order * h;
            for k in 0..h {
                grad[at + k] += ds * f64::from(units[k]);
                back[k] += ds * f64::from(p[at + k]);
            }
            grad[out + MAX_SEATS * h + order] += ds;
        }
        let first = self.first();
        for (k, b) in back.iter_mut().enumerate().take(h) {
            if units[k] <= 0.0 {
                *b = 0.0;
            }
            grad[first + k] += *b;
        }
        for seat in 0..seats {
            let order = turns_after(seat, to_move, seats);
            for (i, v) in terms.of(seat) {
                let row = &mut grad[(order * self.per_seat + i) * h..][..h];
                for (g, b) in row.iter_mut().zip(&back[..h]) {
                    *g += v * b;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The backward pass is the forward pass's derivative (checked by finite differences).
    #[test]
    fn the_gradient_is_the_derivative() {
        let mut rng = Rng::new(3);
        let mut net = Net::new(5, 8, &mut rng);
        let size = net.params.len();
        for (i, w) in net.params.iter_mut().enumerate().skip(5 * MAX_SEATS * 8) {
            *w = ((i * 7919) % 13) as f32 / 13.0 - 0.4;
        }
        let mut terms = Terms {
            to_move: 1,
            ..Terms::default()
        };
        for seat in 0..3 {
            for i in 0..5 {
                terms.index[seat][i] = i as u16;
                terms.value[seat][i] = ((seat * 5 + i) % 4) as f64 * 0.3 - 0.2;
            }
            terms.len[seat] = 5;
        }
        let d = [0.3, -0.5, 0.2, 0.0];
        let loss = |net: &Net| -> f64 {
            let added = net.forward(&terms, 3, &mut [0.0; MAX_HIDDEN]);
            added.iter().zip(&d).map(|(a, b)| a * b).sum()
        };
        let mut units = [0.0f32; MAX_HIDDEN];
        net.forward(&terms, 3, &mut units);
        let mut grad = vec![0.0; size];
        net.backward(&terms, 3, (&units, &d), &mut grad);
        for i in (0..size).step_by(7) {
            let mut up = net.clone();
            up.params[i] += 1e-2;
            let mut down = net.clone();
            down.params[i] -= 1e-2;
            let numeric =
                (loss(&up) - loss(&down)) / (f64::from(up.params[i]) - f64::from(down.params[i]));
            assert!(
                (numeric - grad[i]).abs() < 1e-3,
                "{i}: {numeric} {}",
                grad[i]
            );
        }
    }
}
