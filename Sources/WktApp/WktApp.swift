// The WktApp module; see Package.swift for its role.
