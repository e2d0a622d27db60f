import Foundation

/// `wkt-site` command lines found in shell text (README code blocks, workflow `run:` scripts),
/// split into arguments the way the shell would, with the variables the scripts use expanded to
/// sample values.
enum CommandLines {
    /// What the workflow's and README's variables stand for in a real run.
    static let variables: [String: [String]] = [
        "$RUNNER_TEMP": ["/tmp/runner"],
        "$BASE_URL": ["https://you.github.io/lifting/"],
        "${files[@]}": ["exports/strong_workouts.csv", "exports/workout_data.csv"],
        "${templates[@]}": ["--templates", "templates"],
    ]

    /// The fenced code blocks of a Markdown text, each as its lines.
    static func codeBlocks(markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open)
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current?.append(String(line))
            }
        }
        return blocks
    }

    /// The arguments (after `wkt-site`) of every `wkt-site` command in `lines` of shell text.
    static func wktSiteCommands(in lines: [String]) -> [[String]] {
        var commands: [[String]] = []
        for line in lines {
            for segment in segments(of: line) {
                let words = words(of: segment)
                guard let index = words.firstIndex(of: "wkt-site") else { continue }
                // `cron fields … cd dir` segments and the like hold no wkt-site call before it.
                guard index == 0 else { continue }
                commands.append(Array(words.dropFirst()).flatMap { variables[$0] ?? [expand($0)] })
            }
        }
        return commands
    }

    /// A word with `$RUNNER_TEMP` inside it expanded.
    private static func expand(_ word: String) -> String {
        word.replacingOccurrences(of: "$RUNNER_TEMP", with: "/tmp/runner")
    }

    /// The line cut at `&&`, `||`, `|` and `;` outside quotes, with a `#` comment removed.
    static func segments(of line: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var quote: Character?
        var previous: Character = " "
        for character in line {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == "#" && previous == " " {
                break
            } else if character == "|" || character == ";" || character == "&" {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        segments.append(current)
        return segments.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Shell words: split on spaces outside quotes, quotes removed.
    static func words(of segment: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in segment {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
