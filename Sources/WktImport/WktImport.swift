// The WktImport module; see Package.swift for its role.
