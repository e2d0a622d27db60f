import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wkt-site serve` runs as its own executable, `wkt-site-serve`, built and installed beside
/// `wkt-site`. The preview server's HTTP library (FlyingFox) links Foundation's networking
/// module for a proxy handler we never use, and with it libcurl and about thirty shared libraries
/// (TLS, Kerberos, LDAP, …). Linked into `wkt-site`, the dynamic loader mapped and relocated them
/// at every start of every command: 14 ms and 6.4 MiB of memory on the project machine, a third
/// of a no-op rebuild and a tenth of the full build's memory budget (docs/product.md "Speed
/// budgets"). So `wkt-site serve` parses and checks its command line like every other command,
/// then replaces its process with `wkt-site-serve` (same process id, so Ctrl-C, exit codes and
/// signals behave as before), which parses the same options (`WktCommandLine.ServeOptions`) and
/// runs the server.
///
/// A build by either executable must recognise the other's pages: both name the pair of files
/// in the renderer identity of the build stamp and page manifest (``rendererExecutables(selfExecutable:variables:)``),
/// so `wkt-site build` after `wkt-site serve` is still a no-op, and a `wkt-site-serve` from
/// another build of the program is never mistaken for this one's.
public enum ServeProgram {
    /// The helper's file name, looked for beside `wkt-site`.
    public static let executableName = "wkt-site-serve"

    /// The variable in which `wkt-site` tells `wkt-site-serve` its own path (for the renderer
    /// identity; without it, `wkt-site` beside the helper is assumed).
    public static let mainVariable = "WKT_SITE_EXECUTABLE"

    /// The helper's path: `wkt-site-serve` in the folder of `executable`.
    public static func helperPath(beside executable: String) -> String {
        (executable as NSString).deletingLastPathComponent + "/" + executableName
    }

    /// The helper's arguments: what follows the `serve` subcommand in `wkt-site`'s command line
    /// (`wkt-site` has no options of its own before a subcommand, so that is the first word).
    static func helperArguments(_ arguments: [String]) -> [String] {
        guard let serve = arguments.dropFirst().firstIndex(of: "serve") else { return Array(arguments.dropFirst()) }
        return Array(arguments[(serve + 1)...])
    }

    /// Replaces this process with `wkt-site-serve`, passing it the arguments after `serve` and
    /// this executable's path in ``mainVariable``. Returns only when that fails: exit 74 with one
    /// line naming the file and the reason.
    /// - Parameters:
    ///   - arguments: this process's command line (`CommandLine.arguments`).
    ///   - env: this process's environment; its ``AppEnvironment/selfExecutable`` locates the helper.
    public static func replaceProcess(arguments: [String], env: AppEnvironment) -> CommandResult {
        guard let executable = env.selfExecutable else {
            return failure("cannot start the preview server: the path of this executable is unknown")
        }
        let helper = helperPath(beside: executable)
        var variables = env.variables
        variables[mainVariable] = executable
        let argv = [helper] + helperArguments(arguments)
        let environment = variables.map { "\($0.key)=\($0.value)" }
        let code = withCStrings(argv) { argvPointers in
            withCStrings(environment) { envPointers in
                execve(helper, argvPointers, envPointers)
                return errno
            }
        }
        return failure(
            "\(helper): cannot start the preview server: \(String(cString: strerror(code))) "
                + "(wkt-site-serve is built with wkt-site and must be installed beside it; see README \"Install\")")
    }

    /// The executables whose code renders a site, for ``BuildRunner``'s renderer identity: this
    /// `wkt-site` and the `wkt-site-serve` beside it, seen the same way from either, with symbolic
    /// links resolved.
    /// - Parameters:
    ///   - selfExecutable: the running executable.
    ///   - variables: the environment (``mainVariable`` when this is the helper).
    public static func rendererExecutables(selfExecutable: String?, variables: [String: String]) -> [String] {
        guard let selfExecutable else { return [] }
        guard (selfExecutable as NSString).lastPathComponent == executableName else {
            return [ResolvedPath.of(selfExecutable), ResolvedPath.of(helperPath(beside: selfExecutable))]
        }
        let main = variables[mainVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? (selfExecutable as NSString).deletingLastPathComponent + "/wkt-site"
        return [ResolvedPath.of(main), ResolvedPath.of(selfExecutable)]
    }

    /// A failure to start the helper (74).
    private static func failure(_ message: String) -> CommandResult {
        .failure(message, exitCode: ExitStatus.ioError)
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
