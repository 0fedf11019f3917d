//! Numbers as game records write them (Arabic, full-width and Chinese
//! numerals, decimals with `.` or `,`), counts of points (`6目半`,
//! `3집반`, `3又3/4子` in stones at two points each), and the cursor every
//! normaliser reads with. Nothing here allocates.

/// A table of words and their meanings, for [`Scan::eat_any`]: in order,
/// longest first where one starts another; none empty.
#[derive(Debug)]
pub(crate) struct Words<T: 'static> {
    table: &'static [(&'static str, T)],
    /// The first bytes of the words (ASCII letters lower case), as a set.
    firsts: [u64; 4],
}

impl<T> Words<T> {
    pub const fn new(table: &'static [(&'static str, T)]) -> Self {
        let mut firsts = [0u64; 4];
        let mut at = 0;
        while at < table.len() {
            let first = table[at].0.as_bytes()[0].to_ascii_lowercase();
            firsts[(first >> 6) as usize] |= 1 << (first & 63);
            at += 1;
        }
        Words { table, firsts }
    }
}

/// A cursor over a value's text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scan<'a> {
    rest: &'a str,
}

/// A count of points, and whether it was written bare (no `目`, `子`,
/// `집`, `点` after it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Amount {
    pub points: f64,
    pub bare: bool,
}

/// The value of an Arabic digit, ASCII or full-width.
fn digit(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

/// The value of a Chinese (or Japanese) digit.
fn chinese_digit(c: char) -> Option<u32> {
    let digits = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    match c {
        '零' => Some(0),
        '两' | '兩' => Some(2),
        _ => digits.iter().position(|&d| d == c).map(|at| at as u32),
    }
}

impl<'a> Scan<'a> {
    pub fn new(text: &'a str) -> Self {
        Scan { rest: text }
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a str {
        self.rest
    }

    pub fn is_done(&self) -> bool {
        self.rest.is_empty()
    }

    pub fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    pub fn skip_space(&mut self) {
        // White space is ASCII, or starts with one of these bytes in UTF-8
        // (U+0085, U+00A0, U+1680, U+2000 to U+205F, U+3000).
        let first = self.rest.as_bytes().first();
        if let Some(0x09..=0x0d | b' ' | 0xc2 | 0xe1 | 0xe2 | 0xe3) = first {
            self.rest = self.rest.trim_start();
        }
    }

    /// Skips characters while `skip` holds.
    pub fn skip_while(&mut self, skip: impl Fn(char) -> bool) {
        self.rest = self.rest.trim_start_matches(skip);
    }

    /// Takes the next character if `want` holds for it.
    pub fn eat_char(&mut self, want: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek().filter(|&c| want(c))?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(c)
    }

    /// Takes `word` if it comes next, ASCII letters in any case; a word
    /// ending in an ASCII letter must not run on into another one (`d`
    /// is not read from `dan`).
    #[inline]
    pub fn eat(&mut self, word: &str) -> bool {
        let (text, word) = (self.rest.as_bytes(), word.as_bytes());
        let Some(head) = text.get(..word.len()) else {
            return false;
        };
        let letter = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphabetic);
        if !head.eq_ignore_ascii_case(word) || letter(word.last()) && letter(text.get(word.len())) {
            return false;
        }
        // The bytes match a whole `str`, so they end where a character does.
        match self.rest.get(word.len()..) {
            Some(tail) => {
                self.rest = tail;
                true
            }
            None => false,
        }
    }

    /// Takes the first word of `words` that comes next, and gives its
    /// meaning.
    pub fn eat_any<T: Copy>(&mut self, words: &Words<T>) -> Option<T> {
        // Most words differ from the text in their first byte: that test
        // comes first, for the table and then for each word.
        let first = self.rest.as_bytes().first()?.to_ascii_lowercase();
        if words.firsts[usize::from(first >> 6)] & 1 << (first & 63) == 0 {
            return None;
        }
        let (_, meaning) = words
            .table
            .iter()
            .find(|(word, _)| word.as_bytes()[0].to_ascii_lowercase() == first && self.eat(word))?;
        Some(*meaning)
    }

    /// Arabic digits (at most 18): their value and how many there were.
    pub fn digits(&mut self) -> Option<(u64, usize)> {
        let mut value = 0u64;
        let mut count = 0;
        loop {
            let (d, width) = match self.rest.as_bytes().first() {
                Some(&b) if b.is_ascii_digit() => (u64::from(b - b'0'), 1),
                Some(&b) if b >= 0x80 => match self.peek().and_then(digit) {
                    Some(d) => (u64::from(d), '０'.len_utf8()),
                    None => break,
                },
                _ => break,
            };
            if count == 18 {
                return None;
            }
            value = value * 10 + d;
            count += 1;
            self.rest = &self.rest[width..];
        }
        (count > 0).then_some((value, count))
    }

    /// A whole number in Arabic digits, or in Chinese numerals up to
    /// 99 (`九`, `十五`, `二十五`, `三十`).
    pub fn numeral(&mut self) -> Option<u32> {
        if let Some((value, _)) = self.digits() {
            return u32::try_from(value).ok();
        }
        let start = *self;
        let is_digit = |c| chinese_digit(c).is_some();
        let tens = match self.eat_char(is_digit) {
            Some(c) if self.eat("十") => chinese_digit(c)?,
            Some(c) => return chinese_digit(c),
            None if self.eat("十") => 1,
            None => return None,
        };
        let units = self.eat_char(is_digit).and_then(chinese_digit);
        if tens == 0 || units == Some(0) {
            *self = start;
            return None;
        }
        Some(tens * 10 + units.unwrap_or(0))
    }

    /// A decimal: digits, then optionally `.` or `,` and digits.
    pub fn decimal(&mut self) -> Option<f64> {
        let start = *self;
        let (whole, _) = self.digits()?;
        let mut fraction = *self;
        let (mut part, mut count) = (0, 0);
        if fraction.eat_char(|c| c == '.' || c == ',').is_some() {
            if let Some(digits) = fraction.digits() {
                (part, count) = digits;
                *self = fraction;
            }
        }
        // Exact when both are integers below 2^53 and 10^count is exact:
        // one division, correctly rounded, is the nearest f64 to the
        // decimal written (Clinger's fast path).
        let scale = 10u64.pow(count as u32);
        let scaled = whole.checked_mul(scale).and_then(|w| w.checked_add(part));
        if let Some(scaled) = scaled.filter(|&n| n < 1 << 53 && count <= 15) {
            return Some(scaled as f64 / scale as f64);
        }
        let written = &start.rest[..start.rest.len() - self.rest.len()];
        let mut ascii = [0u8; 40];
        for (at, c) in written.chars().enumerate() {
            ascii[at] = digit(c).map_or(b'.', |d| b'0' + d as u8);
        }
        let len = written.chars().count();
        std::str::from_utf8(&ascii[..len]).ok()?.parse().ok()
    }

    /// A count of points as results and komi write it: a decimal,
    /// `N目`/`N目半`/`半目` (Japanese, Chinese), `N집`/`N집반`/`반집`
    /// (Korean), `N点`/`N點`/`N점`, or stones (`子`, two points each):
    /// `N子`, `a/b子`, `N又a/b子`. Nothing is taken when it is none.
    pub fn amount(&mut self) -> Option<Amount> {
        let mut probe = *self;
        let found = probe.amount_here().filter(|a| a.points.is_finite())?;
        *self = probe;
        Some(found)
    }

    fn amount_here(&mut self) -> Option<Amount> {
        let counted = |points| {
            Some(Amount {
                points,
                bare: false,
            })
        };
        if self.eat("半目") || self.eat("반집") {
            return counted(0.5);
        }
        let number = match self.decimal() {
            Some(number) => number,
            None => f64::from(self.numeral()?),
        };
        if self.eat("又") {
            let (a, b) = self.fraction_of_stones()?;
            counted((number + f64::from(a) / f64::from(b)) * 2.0)
        } else if self.eat_char(|c| c == '/' || c == '／').is_some() {
            let b = self.numeral().filter(|&b| b > 0 && self.eat("子"))?;
            counted(number / f64::from(b) * 2.0)
        } else if self.eat("子") {
            counted(number * 2.0)
        } else if self.eat("目半") || self.eat("집반") {
            counted(number + 0.5)
        } else if self.eat_any(&UNITS).is_some() {
            counted(number)
        } else {
            Some(Amount {
                points: number,
                bare: true,
            })
        }
    }

    /// `a/b子` after `又`.
    fn fraction_of_stones(&mut self) -> Option<(u32, u32)> {
        let a = self.numeral()?;
        self.eat_char(|c| c == '/' || c == '／')?;
        let b = self.numeral().filter(|&b| b > 0 && self.eat("子"))?;
        Some((a, b))
    }
}

/// Units of a count in points.
const UNITS: Words<()> = Words::new(&[("目", ()), ("집", ()), ("点", ()), ("點", ()), ("점", ())]);

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(text: &str) -> Option<(f64, bool, &str)> {
        let mut scan = Scan::new(text);
        let found = scan.amount()?;
        Some((found.points, found.bare, scan.rest()))
    }

    #[test]
    fn numerals() {
        let numeral = |text| Scan::new(text).numeral();
        assert_eq!(numeral("9"), Some(9));
        assert_eq!(numeral("１２"), Some(12));
        assert_eq!(numeral("九"), Some(9));
        assert_eq!(numeral("十"), Some(10));
        assert_eq!(numeral("十五"), Some(15));
        assert_eq!(numeral("二十五"), Some(25));
        assert_eq!(numeral("三十"), Some(30));
        assert_eq!(numeral("〇十"), None);
        assert_eq!(numeral("段"), None);
    }

    #[test]
    fn decimals_keep_the_written_value() {
        let decimal = |text| Scan::new(text).decimal();
        assert_eq!(decimal("2.03"), Some(2.03));
        assert_eq!(decimal("6,5"), Some(6.5));
        assert_eq!(decimal("7.500000"), Some(7.5));
        assert_eq!(decimal("0.0"), Some(0.0));
        assert_eq!(decimal("12."), Some(12.0));
        assert_eq!(decimal(".5"), None);
        assert_eq!(decimal("1234567890123456789"), None);
        // Past the exact fast path: through the text.
        assert_eq!(decimal("123456789012345678.5"), Some(123456789012345678.5));
        assert_eq!(decimal("0.1234567890123456"), Some(0.1234567890123456));
        assert_eq!(decimal("１２.５"), Some(12.5));
    }

    #[test]
    fn counts_in_points_and_stones() {
        assert_eq!(amount("6目半"), Some((6.5, false, "")));
        assert_eq!(amount("半目"), Some((0.5, false, "")));
        assert_eq!(amount("3집반승"), Some((3.5, false, "승")));
        assert_eq!(amount("반집"), Some((0.5, false, "")));
        assert_eq!(amount("3又3/4子"), Some((7.5, false, "")));
        assert_eq!(amount("1又1/4子"), Some((2.5, false, "")));
        assert_eq!(amount("3/4子"), Some((1.5, false, "")));
        assert_eq!(amount("2子"), Some((4.0, false, "")));
        assert_eq!(amount("3点"), Some((3.0, false, "")));
        assert_eq!(amount("三目半"), Some((3.5, false, "")));
        assert_eq!(amount("7.5 points"), Some((7.5, true, " points")));
        assert_eq!(amount("3又3/0子"), None);
        assert_eq!(amount("3/0子"), None);
        assert_eq!(amount("x"), None);
    }

    #[test]
    fn words_do_not_run_on() {
        let mut scan = Scan::new("dan");
        assert!(!scan.eat("d"));
        assert!(scan.eat("DAN"));
        assert!(scan.is_done());
        assert!(Scan::new("段").eat("段"));
        assert!(!Scan::new("é").eat("e"));
    }
}
