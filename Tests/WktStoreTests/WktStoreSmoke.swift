import Testing
@testable import WktStore
