import Testing
@testable import WktApp
