// The WktDemo module; see Package.swift for its role.
