import Foundation
import Testing
@testable import WktApp

/// `wkt-site init`, with and without `--github-pages` (#12 part 4).
@Suite("wkt-site init")
struct InitCommandTests {
    @Test("init --github-pages writes the workflow beside the config and the templates")
    func gitHubPages() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let request = InitRequest(gitHubPages: GitHubPagesRequest(repository: "https://example.org/wkt-site.git"))
        let result = InitRunner.run(request, env: box.env)
        #expect(result.exitCode == 0)
        #expect(box.exists("wkt-site.toml") && box.exists("templates/layout.mustache"))
        let workflow = try String(contentsOfFile: box.directory + "/" + GitHubPagesWorkflow.path, encoding: .utf8)
        #expect(workflow.contains("WKT_SITE_REPO: https://example.org/wkt-site.git"))
        #expect(workflow.contains("EXPORTS: exports"))
        #expect(result.stdout.contains("Settings → Pages → Source"))
        #expect(!result.stdout.contains("WKT_SITE_REPO"), "the URL was given, so no variable to set")

        // A second run keeps the file unless --force.
        let again = InitRunner.run(request, env: box.env)
        #expect(again.stdout.contains("kept " + box.directory + "/" + GitHubPagesWorkflow.path))
    }

    @Test("plain init writes no workflow")
    func noWorkflow() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(InitRunner.run(InitRequest(), env: box.env).exitCode == 0)
        #expect(!box.exists(GitHubPagesWorkflow.path))
    }

    @Test("a value that would break the YAML or the shell is a usage error and nothing is written",
          arguments: ["https://x.org/a b.git", "x.git; rm -rf /", "-oProxyCommand=evil", "", "${{ secrets.TOKEN }}"])
    func hostileValues(repository: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let result = InitRunner.run(InitRequest(gitHubPages: GitHubPagesRequest(repository: repository)), env: box.env)
        #expect(result.exitCode == 64)
        #expect(result.stderr.first?.contains("--wkt-site-repo") == true, "\(result.stderr)")
        #expect(!box.exists("wkt-site.toml") && !box.exists(GitHubPagesWorkflow.path))
    }
}
