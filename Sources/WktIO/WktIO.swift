// The WktIO module; see Package.swift for its role.
