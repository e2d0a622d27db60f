import Testing
@testable import WktImport
