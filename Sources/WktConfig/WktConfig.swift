// The WktConfig module; see Package.swift for its role.
