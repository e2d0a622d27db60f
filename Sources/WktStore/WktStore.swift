// The WktStore module; see Package.swift for its role.
