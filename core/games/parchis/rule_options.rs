//! Parchís' rule options, each value with its words (`crate::options`).

use crate::engine;
use crate::options::RuleOption;

/// The rule options, each value with its words (`crate::options`; docs/rules/parchis.md has
/// their sources).
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "turn_order",
        default: "counterclockwise",
        values: &[
            ("counterclockwise", "turns pass to the right, the way the pieces move"),
            ("clockwise", "turns pass to the left; the pieces still move counter-clockwise"),
        ],
        help: "which way the turn passes round the table",
    },
    RuleOption {
        name: "first",
        default: "roll",
        values: &[
            ("roll", "everyone rolls; the highest starts"),
            ("yellow", "no roll-off: yellow starts, or the first colour seated"),
        ],
        help: "who starts",
    },
    RuleOption {
        name: "start_out",
        default: "0",
        values: &[
            ("0", "every piece starts at home"),
            ("1", "one piece of each colour starts on its exit"),
            ("2", "two pieces of each colour start on their exit, a blockade"),
        ],
        help: "how many pieces of each colour start on their exit",
    },
    RuleOption {
        name: "six_counts",
        default: "7",
        values: &[
            ("7", "a 6 moves 7 while none of your pieces is at home"),
            ("6", "a 6 always moves 6"),
            ("12", "a 6 moves 12 while none of your pieces is at home"),
        ],
        help: "how far a 6 moves once none of your pieces is at home",
    },
    RuleOption {
        name: "three_sixes",
        default: "send-home",
        values: &[
            ("send-home", "a third 6 in a row sends the piece you moved last home (not from your column) and ends your turn"),
            ("lane-start", "as send-home, but a piece in your column goes back to its start"),
            ("off", "no limit on sixes in a row"),
        ],
        help: "what a third 6 in a row costs",
    },
    RuleOption {
        name: "blockades",
        default: "anywhere",
        values: &[
            ("anywhere", "two of your pieces on any space block it"),
            ("safe", "two of your pieces may share only a safe space or your column"),
        ],
        help: "where two of your pieces may stand together as a blockade",
    },
    RuleOption {
        name: "blockade_six",
        default: "must-open",
        values: &[
            ("must-open", "with a 6 you must open one of your blockades if you can"),
            ("free", "you open your blockades when you choose"),
        ],
        help: "whether a 6 must open one of your blockades",
    },
    RuleOption {
        name: "exit_capture",
        default: "on",
        values: &[
            ("on", "a piece coming out onto an exit holding two pieces captures an opponent there"),
            ("off", "an exit holding two pieces is shut to a piece coming out"),
        ],
        help: "whether a piece coming out captures on a full exit",
    },
    RuleOption {
        name: "capture_bonus",
        default: "20",
        values: &[("20", "a capture earns a move of 20 with any piece"), ("0", "no bonus for a capture")],
        help: "the bonus a capture earns",
    },
    RuleOption {
        name: "goal_bonus",
        default: "10",
        values: &[("10", "a piece reaching the goal earns a move of 10 with another"), ("0", "no bonus for reaching the goal")],
        help: "the bonus reaching the goal earns",
    },
    RuleOption {
        name: "finish",
        default: "exact",
        values: &[
            ("exact", "the goal needs the exact count"),
            ("bounce", "a count past the goal walks back from it, inside the column"),
        ],
        help: "how a piece enters the goal",
    },
    RuleOption {
        name: "play_on",
        default: "off",
        values: &[
            ("off", "the game stops at the first winner; the others are ranked by how far their pieces got"),
            ("on", "after the winner, the others play on for every place"),
        ],
        help: "whether the others play on after the winner",
    },
    RuleOption {
        name: "teams",
        default: "off",
        values: &[
            ("on", "4 players only: partners sit opposite (yellow and red, blue and green); the pair of the first to bring all four pieces home wins"),
            ("off", "everyone plays for themselves"),
        ],
        help: "4 players only: partners opposite, the first home wins for the pair",
    },
    engine::TWO_SETS,
    engine::SEATING,
];
