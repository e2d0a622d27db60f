import Testing
@testable import WktDemo
