// The WktMarkdown module; see Package.swift for its role.
