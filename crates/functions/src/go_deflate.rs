//! DEFLATE as Go's `compress/flate` writes it at the default level (6), so that
//! `base64gzip` gives Terraform's bytes exactly: the same matches, the same blocks, the
//! same Huffman codes.
//!
//! What has to be Go's and not just valid DEFLATE (RFC 1951):
//! - the match finder: 4-byte hashes (`hash4`, 17 bits) chained through the last
//!   32 KiB, at most 128 candidates (32 once a match of 8 is in hand), a search that
//!   stops at 128 bytes, matches of 4 only within 4096 bytes, and lazy evaluation (a
//!   match is kept only if the next position has none longer; no search once a match
//!   of 16 is pending);
//! - the window: 64 KiB, slid by 32 KiB when fewer than 262 bytes remain behind it; a
//!   block that spans a slide can no longer be stored;
//! - blocks: one every 16384 tokens, and one at each flush; each is the smallest of
//!   fixed Huffman, dynamic Huffman and stored (ties keep the earlier of that order);
//! - Huffman codes: Go's length-limited construction (package-merge by levels) with
//!   its tie-breaking (equal frequencies ordered by symbol), codes assigned in symbol
//!   order within a length, and its run-length coding of the code lengths.
//!
//! `compress` runs the `Write`, `Flush`, `Close` sequence Terraform's `base64gzip` does.

/// Size of the sliding window (and the largest match distance).
const WINDOW_SIZE: usize = 1 << 15;
const WINDOW_MASK: usize = WINDOW_SIZE - 1;
const BASE_MATCH_LENGTH: usize = 3;
const MIN_MATCH_LENGTH: usize = 4;
const MAX_MATCH_LENGTH: usize = 258;
const MAX_FLATE_BLOCK_TOKENS: usize = 1 << 14;
const MAX_STORE_BLOCK_SIZE: usize = 65535;
const HASH_BITS: u32 = 17;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: u32 = (1 << HASH_BITS) - 1;
const MAX_HASH_OFFSET: usize = 1 << 24;
const HASH_MUL: u32 = 0x1e35_a7bd;

/// Level 6's parameters: `good`, `lazy`, `nice` and `chain` of Go's `levels` table.
const GOOD: usize = 8;
const LAZY: usize = 16;
const NICE: usize = 128;
const CHAIN: usize = 128;

const END_BLOCK_MARKER: usize = 256;
const LENGTH_CODES_START: usize = 257;
const MAX_NUM_LIT: usize = 286;
const OFFSET_CODE_COUNT: usize = 30;
const CODEGEN_CODE_COUNT: usize = 19;
const BAD_CODE: u8 = 255;

const LENGTH_EXTRA_BITS: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Match length minus 3 at the start of each length code.
const LENGTH_BASE: [u32; 29] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128,
    160, 192, 224, 255,
];
const OFFSET_EXTRA_BITS: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// Distance minus 1 at the start of each distance code.
const OFFSET_BASE: [u32; 30] = [
    0x0000, 0x0001, 0x0002, 0x0003, 0x0004, 0x0006, 0x0008, 0x000c, 0x0010, 0x0018, 0x0020, 0x0030,
    0x0040, 0x0060, 0x0080, 0x00c0, 0x0100, 0x0180, 0x0200, 0x0300, 0x0400, 0x0600, 0x0800, 0x0c00,
    0x1000, 0x1800, 0x2000, 0x3000, 0x4000, 0x6000,
];
/// The order in which the code-length code lengths are written.
const CODEGEN_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// gzip of `data` as Go's `gzip.Writer` writes it after one `Write`, a `Flush` and a
/// `Close` at the default level: a header with no name and time zero (OS byte 255, no
/// extra flags), the DEFLATE stream, then the CRC-32 and length.
///
/// For `aaaaaaaaaa` that is the header `1f8b08000000000000ff`, a fixed-Huffman block
/// (`a`, then a match of 9 at distance 1: `4a840300`), the flush's `000000ffff`, the
/// close's `010000ffff`, and the trailer `f0cd114c0a000000`.
pub(super) fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut compressor = Compressor::new();
    compressor.write(data);
    compressor.sync_flush();
    compressor.close();
    out.extend_from_slice(&compressor.writer.out);
    out.extend_from_slice(&crc32(data).to_le_bytes());
    // ISIZE is the input length modulo 2^32.
    let size = (data.len() as u64 & 0xffff_ffff) as u32;
    out.extend_from_slice(&size.to_le_bytes());
    out
}

/// A token: a literal byte, or a match of `length` (3..=258) at `distance` (1..=32768).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Literal(u8),
    Match { length: u16, distance: u16 },
    EndOfBlock,
}

/// The LZ77 state of Go's `compressor` (level 6 only).
struct Compressor {
    writer: BitWriter,
    /// `hashHead[hash]`: the latest position (plus `hash_offset`) with that hash, 0 for none.
    hash_head: Vec<u32>,
    /// `hashPrev[pos & WINDOW_MASK]`: the previous position with the same hash.
    hash_prev: Vec<u32>,
    hash_offset: usize,
    chain_head: isize,
    window: Vec<u8>,
    index: usize,
    window_end: usize,
    /// Where the current block's bytes start in the window; `None` once slid past.
    block_start: Option<usize>,
    /// Whether `window[index - 1]` still waits to be emitted (lazy matching).
    byte_available: bool,
    tokens: Vec<Token>,
    length: usize,
    offset: usize,
    max_insert_index: usize,
    sync: bool,
}

impl Compressor {
    fn new() -> Compressor {
        Compressor {
            writer: BitWriter::default(),
            hash_head: vec![0; HASH_SIZE],
            hash_prev: vec![0; WINDOW_SIZE],
            hash_offset: 1,
            chain_head: -1,
            window: vec![0; 2 * WINDOW_SIZE],
            index: 0,
            window_end: 0,
            block_start: Some(0),
            byte_available: false,
            tokens: Vec::with_capacity(MAX_FLATE_BLOCK_TOKENS + 1),
            length: MIN_MATCH_LENGTH - 1,
            offset: 0,
            max_insert_index: 0,
            sync: false,
        }
    }

    /// Go's `compressor.write`: alternate processing the window and filling it.
    fn write(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            self.deflate();
            let n = self.fill(data);
            data = &data[n..];
        }
    }

    /// Go's `syncFlush`: everything pending in blocks, then an empty stored block.
    fn sync_flush(&mut self) {
        self.sync = true;
        self.deflate();
        self.writer.write_stored_header(0, false);
        self.writer.flush();
        self.sync = false;
    }

    /// Go's `close`: the final empty stored block.
    fn close(&mut self) {
        self.sync = true;
        self.deflate();
        self.writer.write_stored_header(0, true);
        self.writer.flush();
    }

    /// Go's `fillDeflate`: slide the window when needed, then copy in what fits.
    fn fill(&mut self, data: &[u8]) -> usize {
        if self.index >= 2 * WINDOW_SIZE - (MIN_MATCH_LENGTH + MAX_MATCH_LENGTH) {
            self.window.copy_within(WINDOW_SIZE..2 * WINDOW_SIZE, 0);
            self.index -= WINDOW_SIZE;
            self.window_end -= WINDOW_SIZE;
            self.block_start = self
                .block_start
                .filter(|&start| start >= WINDOW_SIZE)
                .map(|start| start - WINDOW_SIZE);
            self.hash_offset += WINDOW_SIZE;
            if self.hash_offset > MAX_HASH_OFFSET {
                let delta = self.hash_offset - 1;
                self.hash_offset -= delta;
                self.chain_head -= delta as isize;
                for v in self.hash_prev.iter_mut().chain(self.hash_head.iter_mut()) {
                    *v = if *v as usize > delta {
                        (*v as usize - delta) as u32
                    } else {
                        0
                    };
                }
            }
        }
        let n = data.len().min(self.window.len() - self.window_end);
        self.window[self.window_end..self.window_end + n].copy_from_slice(&data[..n]);
        self.window_end += n;
        n
    }

    fn hash4(&self, at: usize) -> u32 {
        let b = &self.window[at..at + 4];
        let word = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        word.wrapping_mul(HASH_MUL) >> (32 - HASH_BITS)
    }

    /// Records position `at` at the head of its hash chain; returns the previous head.
    fn insert(&mut self, at: usize) -> u32 {
        let hash = (self.hash4(at) & HASH_MASK) as usize;
        let previous = self.hash_head[hash];
        self.hash_prev[at & WINDOW_MASK] = previous;
        self.hash_head[hash] = (at + self.hash_offset) as u32;
        previous
    }

    /// Go's `writeBlock`: the pending tokens as a block ending at window index `index`.
    fn write_block(&mut self, index: usize) {
        if index == 0 {
            self.tokens.clear();
            return;
        }
        let window = match self.block_start {
            Some(start) if start <= index => Some(&self.window[start..index]),
            _ => None,
        };
        self.writer.write_block(&self.tokens, window);
        self.block_start = Some(index);
        self.tokens.clear();
    }

    /// Go's `deflate` at level 6 (lazy matching; `fastSkipHashing` is `skipNever`).
    fn deflate(&mut self) {
        if self.window_end - self.index < MIN_MATCH_LENGTH + MAX_MATCH_LENGTH && !self.sync {
            return;
        }
        self.max_insert_index = self.window_end.saturating_sub(MIN_MATCH_LENGTH - 1);
        loop {
            let lookahead = self.window_end - self.index;
            if lookahead < MIN_MATCH_LENGTH + MAX_MATCH_LENGTH {
                if !self.sync {
                    break;
                }
                if lookahead == 0 {
                    if self.byte_available {
                        self.tokens
                            .push(Token::Literal(self.window[self.index - 1]));
                        self.byte_available = false;
                    }
                    if !self.tokens.is_empty() {
                        self.write_block(self.index);
                    }
                    break;
                }
            }
            if self.index < self.max_insert_index {
                self.chain_head = self.insert(self.index) as isize;
            }
            let prev_length = self.length;
            let prev_offset = self.offset;
            self.length = MIN_MATCH_LENGTH - 1;
            self.offset = 0;
            let min_index = self.index.saturating_sub(WINDOW_SIZE) as isize;
            let head = self.chain_head - self.hash_offset as isize;
            let search = head >= min_index && lookahead > prev_length && prev_length < LAZY;
            if let Some((length, offset)) = search
                .then(|| self.find_match(self.index, head, MIN_MATCH_LENGTH - 1, lookahead))
                .flatten()
            {
                self.length = length;
                self.offset = offset;
            }
            if prev_length >= MIN_MATCH_LENGTH && self.length <= prev_length {
                // The match at the previous position is at least as long: emit it.
                self.tokens.push(Token::Match {
                    length: prev_length as u16,
                    distance: prev_offset as u16,
                });
                let new_index = self.index + prev_length - 1;
                self.index += 1;
                while self.index < new_index {
                    if self.index < self.max_insert_index {
                        self.insert(self.index);
                    }
                    self.index += 1;
                }
                self.byte_available = false;
                self.length = MIN_MATCH_LENGTH - 1;
                if self.tokens.len() == MAX_FLATE_BLOCK_TOKENS {
                    self.write_block(self.index);
                }
            } else {
                if self.byte_available {
                    let i = self.index - 1;
                    self.tokens.push(Token::Literal(self.window[i]));
                    if self.tokens.len() == MAX_FLATE_BLOCK_TOKENS {
                        self.write_block(i + 1);
                    }
                }
                self.index += 1;
                self.byte_available = true;
            }
        }
    }

    /// Go's `findMatch`: the longest match for `pos` along the hash chain from `head`,
    /// longer than `prev_length`, as (length, distance).
    fn find_match(
        &self,
        pos: usize,
        head: isize,
        prev_length: usize,
        lookahead: usize,
    ) -> Option<(usize, usize)> {
        let min_match_look = MAX_MATCH_LENGTH.min(lookahead);
        let win = &self.window[..pos + min_match_look];
        let nice = NICE.min(win.len() - pos);
        let mut tries = CHAIN;
        let mut length = prev_length;
        if length >= GOOD {
            tries >>= 2;
        }
        let mut w_end = win[pos + length];
        let min_index = pos as isize - WINDOW_SIZE as isize;
        let mut found = None;
        let mut i = head;
        while tries > 0 {
            let candidate = i as usize;
            if w_end == win[candidate + length] {
                let n = match_len(&win[candidate..], &win[pos..], min_match_look);
                if n > length && (n > MIN_MATCH_LENGTH || pos - candidate <= 4096) {
                    length = n;
                    found = Some((n, pos - candidate));
                    if n >= nice {
                        break;
                    }
                    w_end = win[pos + n];
                }
            }
            if i == min_index {
                break;
            }
            i = self.hash_prev[candidate & WINDOW_MASK] as isize - self.hash_offset as isize;
            if i < min_index || i < 0 {
                break;
            }
            tries -= 1;
        }
        found
    }
}

/// The number of equal leading bytes of `a` and `b`, at most `max`.
fn match_len(a: &[u8], b: &[u8], max: usize) -> usize {
    a[..max]
        .iter()
        .zip(&b[..max])
        .take_while(|(x, y)| x == y)
        .count()
}

/// A Huffman code: per symbol, its bits (already reversed for LSB-first output) and length.
#[derive(Clone, Default)]
struct Codes {
    code: Vec<u16>,
    len: Vec<u16>,
}

impl Codes {
    fn new(size: usize) -> Codes {
        Codes {
            code: vec![0; size],
            len: vec![0; size],
        }
    }

    /// The fixed literal/length code of RFC 1951 3.2.6.
    fn fixed_literal() -> Codes {
        let mut codes = Codes::new(MAX_NUM_LIT);
        for ch in 0..MAX_NUM_LIT as u16 {
            let (bits, size) = match ch {
                0..=143 => (ch + 48, 8),
                144..=255 => (ch + 400 - 144, 9),
                256..=279 => (ch - 256, 7),
                _ => (ch + 192 - 280, 8),
            };
            codes.code[usize::from(ch)] = reverse_bits(bits, size);
            codes.len[usize::from(ch)] = size;
        }
        codes
    }

    /// The fixed distance code: 5 bits each.
    fn fixed_offset() -> Codes {
        let mut codes = Codes::new(OFFSET_CODE_COUNT);
        for i in 0..OFFSET_CODE_COUNT as u16 {
            codes.code[usize::from(i)] = reverse_bits(i, 5);
            codes.len[usize::from(i)] = 5;
        }
        codes
    }

    /// The number of bits `freq` takes in this code.
    fn bit_length(&self, freq: &[u32]) -> usize {
        freq.iter()
            .zip(&self.len)
            .map(|(&f, &len)| f as usize * usize::from(len))
            .sum()
    }

    /// Go's `huffmanEncoder.generate`: the code for `freq`, no longer than `max_bits`.
    fn generate(&mut self, freq: &[u32], max_bits: u32) {
        let mut list: Vec<(u16, u32)> = Vec::with_capacity(freq.len() + 1);
        for (symbol, &f) in freq.iter().enumerate() {
            if f != 0 {
                list.push((symbol as u16, f));
            } else {
                self.len[symbol] = 0;
            }
        }
        if list.len() <= 2 {
            for (i, &(symbol, _)) in list.iter().enumerate() {
                self.code[usize::from(symbol)] = i as u16;
                self.len[usize::from(symbol)] = 1;
            }
            return;
        }
        list.sort_by_key(|&(symbol, f)| (f, symbol));
        let bit_count = bit_counts(&list, max_bits);
        // Assign codes: the least frequent symbols take the longest codes, and within a
        // length, codes go in symbol order.
        let mut code: u16 = 0;
        let mut rest = list.len();
        for (n, &bits) in bit_count.iter().enumerate() {
            code <<= 1;
            if n == 0 || bits == 0 {
                continue;
            }
            let mut chunk: Vec<u16> = list[rest - bits as usize..rest]
                .iter()
                .map(|&(symbol, _)| symbol)
                .collect();
            chunk.sort_unstable();
            for symbol in chunk {
                self.code[usize::from(symbol)] = reverse_bits(code, n as u16);
                self.len[usize::from(symbol)] = n as u16;
                code += 1;
            }
            rest -= bits as usize;
        }
    }
}

/// One level of Go's `bitCounts`.
#[derive(Clone, Copy, Default)]
struct LevelInfo {
    last_freq: u64,
    next_char_freq: u64,
    next_pair_freq: u64,
    needed: i64,
}

/// Go's `bitCounts`: how many symbols get each code length (index = bits), for `list`
/// sorted by frequency (at least 3 symbols).
fn bit_counts(list: &[(u16, u32)], max_bits: u32) -> Vec<u32> {
    const INFINITE: u64 = i32::MAX as u64;
    let n = list.len();
    let freq = |i: usize| list.get(i).map_or(INFINITE, |&(_, f)| u64::from(f));
    let max_bits = (max_bits as usize).min(n - 1);
    let mut levels = [LevelInfo::default(); 17];
    let mut leaf_counts = [[0u32; 17]; 17];
    for level in 1..=max_bits {
        levels[level] = LevelInfo {
            last_freq: freq(1),
            next_char_freq: freq(2),
            next_pair_freq: if level == 1 {
                INFINITE
            } else {
                freq(0) + freq(1)
            },
            needed: 0,
        };
        leaf_counts[level][level] = 2;
    }
    levels[max_bits].needed = 2 * n as i64 - 4;
    let mut level = max_bits;
    loop {
        if levels[level].next_pair_freq == INFINITE && levels[level].next_char_freq == INFINITE {
            levels[level].needed = 0;
            levels[level + 1].next_pair_freq = INFINITE;
            level += 1;
            continue;
        }
        let prev_freq = levels[level].last_freq;
        if levels[level].next_char_freq < levels[level].next_pair_freq {
            let count = leaf_counts[level][level] + 1;
            levels[level].last_freq = levels[level].next_char_freq;
            leaf_counts[level][level] = count;
            levels[level].next_char_freq = freq(count as usize);
        } else {
            levels[level].last_freq = levels[level].next_pair_freq;
            let (lower, upper) = leaf_counts.split_at_mut(level);
            upper[0][..level].copy_from_slice(&lower[level - 1][..level]);
            levels[level - 1].needed = 2;
        }
        levels[level].needed -= 1;
        if levels[level].needed == 0 {
            if level == max_bits {
                break;
            }
            levels[level + 1].next_pair_freq = prev_freq + levels[level].last_freq;
            level += 1;
        } else {
            while levels[level - 1].needed > 0 {
                level -= 1;
            }
        }
    }
    let mut bit_count = vec![0u32; max_bits + 1];
    let counts = &leaf_counts[max_bits];
    for (bits, level) in (1..=max_bits).rev().enumerate() {
        bit_count[bits + 1] = counts[level] - counts[level - 1];
    }
    bit_count
}

/// `number`'s low `bit_length` bits in reverse order.
fn reverse_bits(number: u16, bit_length: u16) -> u16 {
    (number << (16 - bit_length)).reverse_bits()
}

/// The length code (0..=28) of a match of `length`.
fn length_code(length: u16) -> usize {
    let stored = u32::from(length) - BASE_MATCH_LENGTH as u32;
    LENGTH_BASE
        .iter()
        .rposition(|&base| base <= stored)
        .unwrap_or(0)
}

/// The distance code (0..=29) of `distance`.
fn offset_code(distance: u16) -> usize {
    let stored = u32::from(distance) - 1;
    OFFSET_BASE
        .iter()
        .rposition(|&base| base <= stored)
        .unwrap_or(0)
}

/// Go's `huffmanBitWriter`: bits out LSB first, and the choice of block type.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    bits: u64,
    n_bits: u32,
    literal_freq: Vec<u32>,
    offset_freq: Vec<u32>,
    codegen: Vec<u8>,
    codegen_freq: [u32; CODEGEN_CODE_COUNT],
    literal_encoding: Codes,
    offset_encoding: Codes,
    codegen_encoding: Codes,
}

impl BitWriter {
    fn write_bits(&mut self, value: u32, n_bits: u32) {
        self.bits |= u64::from(value) << self.n_bits;
        self.n_bits += n_bits;
        while self.n_bits >= 8 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.n_bits -= 8;
        }
    }

    fn write_code(&mut self, codes: &Codes, symbol: usize) {
        self.write_bits(u32::from(codes.code[symbol]), u32::from(codes.len[symbol]));
    }

    /// Pads to a byte boundary.
    fn flush(&mut self) {
        if self.n_bits > 0 {
            self.out.push(self.bits as u8);
        }
        self.bits = 0;
        self.n_bits = 0;
    }

    fn write_stored_header(&mut self, length: usize, eof: bool) {
        self.write_bits(u32::from(eof), 3);
        self.flush();
        self.write_bits(length as u32, 16);
        self.write_bits(u32::from(!(length as u16)), 16);
    }

    /// Go's `writeBlock` (never the final block here: `Close` ends with an empty one).
    fn write_block(&mut self, tokens: &[Token], input: Option<&[u8]>) {
        let mut tokens = tokens.to_vec();
        tokens.push(Token::EndOfBlock);
        let (num_literals, num_offsets) = self.index_tokens(&tokens);
        let stored = input.filter(|input| input.len() <= MAX_STORE_BLOCK_SIZE);
        let mut extra_bits = 0;
        if stored.is_some() {
            for code in LENGTH_CODES_START + 8..num_literals {
                extra_bits += self.literal_freq[code] as usize
                    * usize::from(LENGTH_EXTRA_BITS[code - LENGTH_CODES_START]);
            }
            for (freq, &extra) in self.offset_freq[..num_offsets]
                .iter()
                .zip(&OFFSET_EXTRA_BITS)
                .skip(4)
            {
                extra_bits += *freq as usize * usize::from(extra);
            }
        }
        let fixed_literal = Codes::fixed_literal();
        let fixed_offset = Codes::fixed_offset();
        let mut size = 3
            + fixed_literal.bit_length(&self.literal_freq)
            + fixed_offset.bit_length(&self.offset_freq)
            + extra_bits;
        self.generate_codegen(num_literals, num_offsets);
        let mut codegen_encoding = std::mem::take(&mut self.codegen_encoding);
        if codegen_encoding.len.is_empty() {
            codegen_encoding = Codes::new(CODEGEN_CODE_COUNT);
        }
        codegen_encoding.generate(&self.codegen_freq, 7);
        self.codegen_encoding = codegen_encoding;
        let (dynamic_size, num_codegens) = self.dynamic_size(extra_bits);
        let dynamic = dynamic_size < size;
        if dynamic {
            size = dynamic_size;
        }
        if let Some(input) = stored.filter(|input| (input.len() + 5) * 8 < size) {
            self.write_stored_header(input.len(), false);
            self.out.extend_from_slice(input);
            return;
        }
        let (literal_codes, offset_codes) = if dynamic {
            self.write_dynamic_header(num_literals, num_offsets, num_codegens);
            (
                std::mem::take(&mut self.literal_encoding),
                std::mem::take(&mut self.offset_encoding),
            )
        } else {
            self.write_bits(2, 3);
            (fixed_literal, fixed_offset)
        };
        self.write_tokens(&tokens, &literal_codes, &offset_codes);
        if dynamic {
            self.literal_encoding = literal_codes;
            self.offset_encoding = offset_codes;
        }
    }

    /// Go's `indexTokens`: symbol frequencies and the dynamic codes built from them.
    fn index_tokens(&mut self, tokens: &[Token]) -> (usize, usize) {
        self.literal_freq = vec![0; MAX_NUM_LIT];
        self.offset_freq = vec![0; OFFSET_CODE_COUNT];
        for token in tokens {
            match *token {
                Token::Literal(byte) => self.literal_freq[usize::from(byte)] += 1,
                Token::EndOfBlock => self.literal_freq[END_BLOCK_MARKER] += 1,
                Token::Match { length, distance } => {
                    self.literal_freq[LENGTH_CODES_START + length_code(length)] += 1;
                    self.offset_freq[offset_code(distance)] += 1;
                }
            }
        }
        let mut num_literals = MAX_NUM_LIT;
        while self.literal_freq[num_literals - 1] == 0 {
            num_literals -= 1;
        }
        let mut num_offsets = OFFSET_CODE_COUNT;
        while num_offsets > 0 && self.offset_freq[num_offsets - 1] == 0 {
            num_offsets -= 1;
        }
        if num_offsets == 0 {
            self.offset_freq[0] = 1;
            num_offsets = 1;
        }
        if self.literal_encoding.len.is_empty() {
            self.literal_encoding = Codes::new(MAX_NUM_LIT);
            self.offset_encoding = Codes::new(OFFSET_CODE_COUNT);
        }
        self.literal_encoding.generate(&self.literal_freq, 15);
        self.offset_encoding.generate(&self.offset_freq, 15);
        (num_literals, num_offsets)
    }

    /// Go's `generateCodegen`: the run-length coded code lengths of both codes.
    fn generate_codegen(&mut self, num_literals: usize, num_offsets: usize) {
        self.codegen_freq = [0; CODEGEN_CODE_COUNT];
        let mut sizes: Vec<u8> = Vec::with_capacity(num_literals + num_offsets + 1);
        sizes.extend(
            self.literal_encoding.len[..num_literals]
                .iter()
                .map(|&l| l as u8),
        );
        sizes.extend(
            self.offset_encoding.len[..num_offsets]
                .iter()
                .map(|&l| l as u8),
        );
        sizes.push(BAD_CODE);
        let mut codegen = Vec::with_capacity(sizes.len());
        let mut size = sizes[0];
        let mut count: i32 = 1;
        let mut in_index = 1;
        while size != BAD_CODE {
            let next_size = sizes[in_index];
            in_index += 1;
            if next_size == size {
                count += 1;
                continue;
            }
            if size != 0 {
                codegen.push(size);
                self.codegen_freq[usize::from(size)] += 1;
                count -= 1;
                while count >= 3 {
                    let n = count.min(6);
                    codegen.extend([16, (n - 3) as u8]);
                    self.codegen_freq[16] += 1;
                    count -= n;
                }
            } else {
                while count >= 11 {
                    let n = count.min(138);
                    codegen.extend([18, (n - 11) as u8]);
                    self.codegen_freq[18] += 1;
                    count -= n;
                }
                if count >= 3 {
                    codegen.extend([17, (count - 3) as u8]);
                    self.codegen_freq[17] += 1;
                    count = 0;
                }
            }
            while count > 0 {
                codegen.push(size);
                self.codegen_freq[usize::from(size)] += 1;
                count -= 1;
            }
            size = next_size;
            count = 1;
        }
        codegen.push(BAD_CODE);
        self.codegen = codegen;
    }

    /// Go's `dynamicSize`: the bits of a dynamic block, and how many code-length code
    /// lengths its header lists.
    fn dynamic_size(&self, extra_bits: usize) -> (usize, usize) {
        let mut num_codegens = CODEGEN_CODE_COUNT;
        while num_codegens > 4 && self.codegen_freq[CODEGEN_ORDER[num_codegens - 1]] == 0 {
            num_codegens -= 1;
        }
        let header = 3
            + 5
            + 5
            + 4
            + 3 * num_codegens
            + self.codegen_encoding.bit_length(&self.codegen_freq)
            + self.codegen_freq[16] as usize * 2
            + self.codegen_freq[17] as usize * 3
            + self.codegen_freq[18] as usize * 7;
        let size = header
            + self.literal_encoding.bit_length(&self.literal_freq)
            + self.offset_encoding.bit_length(&self.offset_freq)
            + extra_bits;
        (size, num_codegens)
    }

    fn write_dynamic_header(
        &mut self,
        num_literals: usize,
        num_offsets: usize,
        num_codegens: usize,
    ) {
        self.write_bits(4, 3);
        self.write_bits((num_literals - 257) as u32, 5);
        self.write_bits((num_offsets - 1) as u32, 5);
        self.write_bits((num_codegens - 4) as u32, 4);
        for &symbol in &CODEGEN_ORDER[..num_codegens] {
            let len = self.codegen_encoding.len[symbol];
            self.write_bits(u32::from(len), 3);
        }
        let codegen = std::mem::take(&mut self.codegen);
        let codegen_encoding = std::mem::take(&mut self.codegen_encoding);
        let mut i = 0;
        while codegen[i] != BAD_CODE {
            let word = codegen[i];
            i += 1;
            self.write_code(&codegen_encoding, usize::from(word));
            let extra = match word {
                16 => 2,
                17 => 3,
                18 => 7,
                _ => 0,
            };
            if extra > 0 {
                self.write_bits(u32::from(codegen[i]), extra);
                i += 1;
            }
        }
        self.codegen = codegen;
        self.codegen_encoding = codegen_encoding;
    }

    fn write_tokens(&mut self, tokens: &[Token], literal_codes: &Codes, offset_codes: &Codes) {
        for token in tokens {
            match *token {
                Token::Literal(byte) => self.write_code(literal_codes, usize::from(byte)),
                Token::EndOfBlock => self.write_code(literal_codes, END_BLOCK_MARKER),
                Token::Match { length, distance } => {
                    let code = length_code(length);
                    self.write_code(literal_codes, LENGTH_CODES_START + code);
                    let extra = LENGTH_EXTRA_BITS[code];
                    if extra > 0 {
                        let stored = u32::from(length) - BASE_MATCH_LENGTH as u32;
                        self.write_bits(stored - LENGTH_BASE[code], u32::from(extra));
                    }
                    let code = offset_code(distance);
                    self.write_code(offset_codes, code);
                    let extra = OFFSET_EXTRA_BITS[code];
                    if extra > 0 {
                        let stored = u32::from(distance) - 1;
                        self.write_bits(stored - OFFSET_BASE[code], u32::from(extra));
                    }
                }
            }
        }
    }
}

/// CRC-32 (IEEE), as gzip's trailer holds it.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(data);
    crc.sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate(gz: &[u8]) -> Vec<u8> {
        use std::io::Read as _;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(gz)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn go_bytes_for_short_inputs() {
        // From Terraform 1.15.5: base64gzip("aaaaaaaaaa") and base64gzip("").
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        assert_eq!(
            hex(&gzip(b"aaaaaaaaaa")),
            "1f8b08000000000000ff4a840300000000ffff010000fffff0cd114c0a000000"
        );
        assert_eq!(
            hex(&gzip(b"")),
            "1f8b08000000000000ff000000ffff010000ffff0000000000000000"
        );
    }

    #[test]
    fn round_trips_across_window_slides_and_blocks() {
        let mut state = 1u32;
        let mut data = Vec::new();
        for i in 0..300_000u32 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let byte = if i % 1000 < 600 {
                b"abcdefgh"[(state >> 28) as usize & 7]
            } else {
                (state >> 16) as u8
            };
            data.push(byte);
        }
        assert_eq!(inflate(&gzip(&data)), data);
    }

    #[test]
    fn huffman_lengths_respect_the_limit() {
        // Fibonacci frequencies force lengths past 15 without the limit.
        let mut freq = vec![0u32; 30];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freq.iter_mut() {
            *f = a;
            (a, b) = (b, a.saturating_add(b));
        }
        let mut codes = Codes::new(30);
        codes.generate(&freq, 15);
        assert!(codes.len.iter().all(|&l| (1..=15).contains(&l)));
        let kraft: f64 = codes.len.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-9, "{kraft}");
    }
}
