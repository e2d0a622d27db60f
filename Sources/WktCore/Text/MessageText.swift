/// Makes text from input files safe to show in a one-line error message (docs/reliability.md A-09:
/// hostile fields must not break the "one line per message" rule or drive the terminal).
///
/// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators are shown as
/// Swift-style escapes (`\n`, `\t`, `\r`, `\0`, `\u{1B}`), so a message is always one line and an
/// escape sequence such as `ESC]0;…BEL` or `ESC[2J` is printed, never obeyed.
public enum MessageText {
    /// How many characters of an input value a message quotes.
    public static let quoteLimit = 80
    /// The longest message line printed; anything longer is cut with "…".
    public static let lineLimit = 2_000

    /// `text` with every control character escaped, cut to `limit` characters with a trailing "…".
    ///
    /// The cut counts characters of the original text (an escape counts as one), so the result is
    /// at most a few times `limit` bytes however large the input is; only the first `limit + 1`
    /// characters are ever looked at.
    public static func clip(_ text: some StringProtocol, limit: Int = quoteLimit) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count == limit { return out + "…" }
            count += 1
            appendEscaped(character, to: &out)
        }
        return out
    }

    /// `text` in double quotes, escaped and cut like ``clip(_:limit:)``.
    public static func quoted(_ text: some StringProtocol, limit: Int = quoteLimit) -> String {
        "\"" + clip(text, limit: limit) + "\""
    }

    /// A whole message made printable as one line: control characters escaped, every
    /// quoted run (`"…"`, or `'…'` after a space or bracket) cut to ``quoteLimit`` characters with "…", and at most ``lineLimit``
    /// characters in all. The central guard every import and config error goes through, and the
    /// last one before anything reaches stderr.
    public static func oneLine(_ message: String, limit: Int = lineLimit) -> String {
        // Fast path: the usual message is short, printable ASCII without a long quote.
        if message.utf8.count <= min(limit, quoteLimit), message.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return message
        }
        var out = ""
        var count = 0
        var quote: Character?  // the quote character of the run being read
        var quoted = 0
        var previous: Character?
        for character in message {
            if count == limit { return out + "…" }
            if let open = quote {
                if character == open {
                    quote = nil
                } else {
                    quoted += 1
                    if quoted == quoteLimit + 1 { out += "…" }
                    if quoted > quoteLimit {
                        previous = character
                        continue
                    }
                }
            } else if character == "\"" || (character == "'" && [nil, " ", "(", "[", "="].contains(previous)) {
                // A double quote always opens a value; a single quote only where a word cannot
                // go on (so the apostrophe of "the workout's" is not mistaken for one).
                quote = character
                quoted = 0
            }
            count += 1
            previous = character
            appendEscaped(character, to: &out)
        }
        return out
    }

    /// Whether `scalar` is shown escaped.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func appendEscaped(_ character: Character, to out: inout String) {
        // "\r\n" is one Character; look at its scalars.
        guard character.unicodeScalars.contains(where: isControl) else {
            out.append(character)
            return
        }
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
