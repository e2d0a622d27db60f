import Testing
@testable import WktMarkdown
