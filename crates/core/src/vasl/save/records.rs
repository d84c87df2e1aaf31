//! The `+/` records of a VASL saved game's command stream: a piece added (`+/ID/TYPE/STATE`, its
//! trait chain and their states) and a stack (`+/ID/stack/MAP;X;Y;ID1;ID2;...`, its members
//! from bottom to top), and the limits each is held to. Only the traits the importer reads are
//! kept (`READ_TRAITS`), their fields left as text to be split when read; every other trait is
//! counted and passed over, so a record of many traits or fields costs no more memory than its
//! own bytes. A piece that cannot be read (its states do not match its traits, its position is
//! not a number) is `Unreadable`, not a failure; a record past a limit is one.

/// The most traits one piece's chain may have (a VASL counter has a few dozen).
pub const MAX_TRAITS: usize = 256;
/// The most traits the importer reads in one piece (layers, masks, hides, rotations).
pub const MAX_KEPT_TRAITS: usize = 64;
/// The most `;`-separated fields a trait read (or a BasicPiece, or a `bd` record) may have.
pub const MAX_FIELDS: usize = 256;
/// The most pieces a saved game may add, and the most members all its stacks may list.
pub const MAX_PIECES: usize = 100_000;
/// The most traits read in the whole saved game.
pub const MAX_TRAITS_READ: usize = 1_000_000;
/// The traits the importer reads (see `pieces::layers`): every other one is passed over.
pub const READ_TRAITS: [&str; 5] = ["emb2", "emb", "obs", "hide", "rotate"];

/// One trait of a piece the importer reads: its kind (`rotate`), the rest of its type and its
/// state, each as text still `;`-separated (and escaped) as in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trait {
    pub kind: &'static str,
    pub type_text: String,
    pub state_text: String,
}

impl Trait {
    /// The type's fields after the kind (`rotate;6;...`: `6`, ...).
    pub fn fields(&self) -> Vec<String> {
        if self.type_text.is_empty() {
            return Vec::new();
        }
        split_escaped(&self.type_text, ';')
    }

    /// The state's fields.
    pub fn state(&self) -> Vec<String> {
        split_escaped(&self.state_text, ';')
    }
}

/// A piece added by a `+/ID/TYPE/STATE` record.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The record's number in the stream (1-based): the stacking order of a piece in no stack
    /// (a later piece at the same place lies above an earlier one).
    pub record: usize,
    pub id: String,
    /// The BasicPiece's common name (`4-4-7 1sq`, `jaLDR`, `DC`, `?`).
    pub name: String,
    /// The BasicPiece's image file name (`ja447S.gif`).
    pub image: String,
    /// The map it lies on (`Main Map`) and its position there in pixels.
    pub map: String,
    pub x: i64,
    pub y: i64,
    /// The decorator traits the importer reads, outermost first.
    pub traits: Vec<Trait>,
}

/// A stack (`+/ID/stack/MAP;X;Y;ID1;ID2;...`): its members' piece ids, bottom to top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    pub record: usize,
    pub id: String,
    pub map: String,
    pub members: Vec<String>,
}

/// A piece record that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub record: usize,
    /// Its BasicPiece's name as far as it was read (at most 80 characters).
    pub name: String,
    pub why: String,
}

/// What a `+/` record is.
pub enum Record {
    Piece(Piece),
    Stack(Stack),
    Unreadable(Unreadable),
    /// A chain that does not end in a BasicPiece (a deck, the module's own): not read.
    Other,
}

/// What the records read so far have used of the limits over the whole saved game.
#[derive(Default)]
pub struct Budget {
    pub pieces: usize,
    pub members: usize,
    pub traits: usize,
}

/// The first field of `text` split at `delim`, unescaped (see `split_escaped`), and the text
/// after its delimiter (`None` when it was the last field).
pub fn first_field(text: &str, delim: char) -> (String, Option<&str>) {
    let mut field = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some(&(_, n)) if n == delim || n == '\\' => {
                    field.push(n);
                    chars.next();
                }
                _ => field.push('\\'),
            },
            c if c == delim => return (field, Some(&text[i + c.len_utf8()..])),
            c => field.push(c),
        }
    }
    (field, None)
}

/// How many fields `text` splits into at `delim` (escapes as `split_escaped`), without
/// splitting it.
pub fn count_fields(text: &str, delim: char) -> usize {
    let mut n = 1;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            // A backslash makes the next character literal when it is the delimiter or a
            // backslash; any other character after it is neither, so it is passed over too.
            chars.next();
        } else if c == delim {
            n += 1;
        }
    }
    n
}

/// Splits `text` at `delim`, undoing the escapes of one level of nesting: a backslash before
/// the delimiter or before a backslash makes that character literal; any other backslash is
/// kept as it is.
pub fn split_escaped(text: &str, delim: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut rest = Some(text);
    while let Some(r) = rest {
        let (field, next) = first_field(r, delim);
        fields.push(field);
        rest = next;
    }
    fields
}

/// `text` cut to `n` characters (an ellipsis says it was cut).
pub fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut s: String = text.chars().take(n).collect();
    s.push('…');
    s
}

/// Reads a `+/ID/TYPE/STATE` record (`rest` after the `+/`), the `n`th of the stream. `Err`
/// for a record past a limit.
pub fn parse_plus(n: usize, rest: &str, budget: &mut Budget) -> Result<Record, String> {
    let (id, after_id) = first_field(rest, '/');
    let Some(after_id) = after_id else {
        return Ok(Record::Other);
    };
    let (kind, after_kind) = first_field(after_id, '/');
    let state = after_kind.map_or(String::new(), |s| first_field(s, '/').0);
    let id = cut(&id, 80);
    if kind == "stack" {
        return parse_stack(n, id, &state, budget).map(Record::Stack);
    }
    let types = count_fields(&kind, '\t');
    if types > MAX_TRAITS + 1 {
        return Err(format!(
            "record {n} (piece {}) has {} traits, more than the {MAX_TRAITS} a piece may have",
            id.escape_debug(),
            types - 1
        ));
    }
    let types = split_escaped(&kind, '\t');
    let Some((basic, decorators)) = types.split_last() else {
        return Ok(Record::Other);
    };
    if count_fields(basic, ';') > MAX_FIELDS {
        return Err(format!(
            "record {n} (piece {}): its BasicPiece has more than the {MAX_FIELDS} fields a \
             trait may have",
            id.escape_debug()
        ));
    }
    let basic_fields = split_escaped(basic, ';');
    if basic_fields.first().map(String::as_str) != Some("piece") {
        return Ok(Record::Other);
    }
    budget.pieces += 1;
    if budget.pieces > MAX_PIECES {
        return Err(format!(
            "record {n}: more than the {MAX_PIECES} pieces a saved game may add"
        ));
    }
    let field = |i: usize| basic_fields.get(i).cloned().unwrap_or_default();
    let name = field(4);
    let odd = |why: String| {
        Ok(Record::Unreadable(Unreadable {
            record: n,
            name: cut(&name, 80),
            why,
        }))
    };
    let states = count_fields(&state, '\t');
    if states != types.len() {
        return odd(format!("{states} states for its {} traits", types.len()));
    }
    let states = split_escaped(&state, '\t');
    let basic_state = states.last().map_or("", String::as_str);
    let (map, rest) = first_field(basic_state, ';');
    let mut coordinates = rest.map(|r| split_escaped(r, ';')).unwrap_or_default();
    coordinates.truncate(2);
    let (x, y) = if map.is_empty() || map == "null" {
        (0, 0)
    } else {
        let coordinate = |i: usize| {
            let text = coordinates.get(i).map_or("", |s| s.trim());
            text.parse::<i64>()
                .ok()
                .filter(|v| v.abs() <= 1_000_000)
                .ok_or_else(|| cut(text, 40))
        };
        match (coordinate(0), coordinate(1)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(t), _) => return odd(format!("its x '{t}' is not a position in pixels")),
            (_, Err(t)) => return odd(format!("its y '{t}' is not a position in pixels")),
        }
    };
    let mut traits = Vec::new();
    for (t, s) in decorators.iter().zip(&states) {
        let (kind, type_text) = first_field(t, ';');
        let Some(kind) = READ_TRAITS.iter().find(|k| **k == kind) else {
            continue;
        };
        if count_fields(t, ';') > MAX_FIELDS || count_fields(s, ';') > MAX_FIELDS {
            return Err(format!(
                "record {n} (piece {}): a {kind} trait has more than the {MAX_FIELDS} fields a \
                 trait may have",
                id.escape_debug()
            ));
        }
        budget.traits += 1;
        if traits.len() == MAX_KEPT_TRAITS || budget.traits > MAX_TRAITS_READ {
            return Err(format!(
                "record {n} (piece {}): more than the {MAX_KEPT_TRAITS} layers, masks, hides \
                 and rotations a piece may have (or the {MAX_TRAITS_READ} of a saved game)",
                id.escape_debug()
            ));
        }
        traits.push(Trait {
            kind,
            type_text: type_text.unwrap_or("").to_string(),
            state_text: s.clone(),
        });
    }
    Ok(Record::Piece(Piece {
        record: n,
        id,
        image: field(3),
        name,
        map,
        x,
        y,
        traits,
    }))
}

/// A stack's state `MAP;X;Y;ID1;ID2;...`: its members bottom to top.
fn parse_stack(n: usize, id: String, state: &str, budget: &mut Budget) -> Result<Stack, String> {
    let members = count_fields(state, ';').saturating_sub(3);
    budget.members += members;
    if budget.members > MAX_PIECES {
        return Err(format!(
            "record {n} (stack {}): the stacks list more than the {MAX_PIECES} pieces a saved \
             game may add",
            id.escape_debug()
        ));
    }
    let mut fields = split_escaped(state, ';').into_iter();
    let map = fields.next().unwrap_or_default();
    Ok(Stack {
        record: n,
        id,
        map,
        members: fields
            .skip(2)
            .map(|m| cut(m.trim(), 80))
            .filter(|m| !m.is_empty())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_nest_one_level_at_a_time() {
        assert_eq!(split_escaped("a/b\\/c/d", '/'), ["a", "b/c", "d"]);
        assert_eq!(split_escaped("a\\\\/b", '/'), ["a\\", "b"]);
        assert_eq!(split_escaped("a\\tb", '/'), ["a\\tb"]);
        assert_eq!(split_escaped("", ';'), [""]);
        assert_eq!(split_escaped("x\\", ';'), ["x\\"]);
        for (text, d) in [
            ("a/b\\/c/d", '/'),
            ("a\\\\/b", '/'),
            ("a\\tb", '/'),
            ("", ';'),
            ("x\\", ';'),
            (";;\\;;", ';'),
        ] {
            assert_eq!(
                count_fields(text, d),
                split_escaped(text, d).len(),
                "{text}"
            );
        }
        assert_eq!(first_field("a;b;c", ';'), ("a".to_string(), Some("b;c")));
        assert_eq!(cut("abcdef", 3), "abc…");
        assert_eq!(cut("abc", 3), "abc");
    }
}
