// The WktSite module; see Package.swift for its role.
