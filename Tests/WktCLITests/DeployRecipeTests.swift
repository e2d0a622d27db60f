import ArgumentParser
import Foundation
import Testing
import WktApp
import Yams
@testable import wkt_site

/// #12 part 4: the deploy workflow is valid YAML that GitHub Pages can run, and every `wkt-site`
/// command in it and in the README parses with the real command line.
@Suite("deploy recipes")
struct DeployRecipeTests {
    /// The README at the package root.
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent("README.md")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    /// Parses `arguments` with the real `wkt-site` parser; nil when they parse, else the message.
    private func parseError(_ arguments: [String]) -> String? {
        do {
            _ = try WktSiteCommand.parseAsRoot(arguments)
            return nil
        } catch {
            return WktSiteCommand.message(for: error)
        }
    }

    @Test("the workflow is valid YAML with a build job that uploads the site and a deploy job")
    func workflowShape() throws {
        let text = try GitHubPagesWorkflow.text(
            repository: "https://github.com/you/wkt-site.git", ref: "v1.2", exports: "exports")
        let node = try #require(try Yams.compose(yaml: text))
        #expect(node["name"]?.string == "wkt-site")
        #expect(node["on"]?["workflow_dispatch"] != nil)
        #expect(node["on"]?["push"] != nil && node["on"]?["schedule"] != nil)
        #expect(node["permissions"]?["pages"]?.string == "write")
        #expect(node["permissions"]?["id-token"]?.string == "write")
        #expect(node["env"]?["WKT_SITE_REPO"]?.string == "https://github.com/you/wkt-site.git")
        #expect(node["env"]?["WKT_SITE_REF"]?.string == "v1.2")
        let build = try #require(node["jobs"]?["build"])
        let steps = try #require(build["steps"]?.sequence)
        let uses = steps.compactMap { $0["uses"]?.string }
        #expect(uses.contains("actions/checkout@v4"))
        #expect(uses.contains("actions/configure-pages@v5"))
        #expect(uses.contains("actions/upload-pages-artifact@v3"))
        #expect(node["jobs"]?["deploy"]?["needs"]?.string == "build")
        #expect(node["jobs"]?["deploy"]?["steps"]?.sequence?.first?["uses"]?.string == "actions/deploy-pages@v4")
        let scripts = steps.compactMap { $0["run"]?.string }.joined(separator: "\n")
        #expect(scripts.contains("libcmark-gfm-extensions-dev"), "the libraries scripts/deps.sh installs")
    }

    @Test("without --wkt-site-repo the workflow reads the repository variable")
    func repositoryVariable() throws {
        let text = try GitHubPagesWorkflow.text(repository: nil, ref: "main", exports: "exports")
        let node = try #require(try Yams.compose(yaml: text))
        #expect(node["env"]?["WKT_SITE_REPO"]?.string == "${{ vars.WKT_SITE_REPO }}")
    }

    @Test("every wkt-site command of the workflow parses with the real CLI")
    func workflowCommandsParse() throws {
        let text = try GitHubPagesWorkflow.text(repository: nil, ref: "main", exports: "exports")
        let node = try #require(try Yams.compose(yaml: text))
        let steps = try #require(node["jobs"]?["build"]?["steps"]?.sequence)
        let lines = steps.compactMap { $0["run"]?.string }.flatMap { $0.split(separator: "\n").map(String.init) }
        let commands = CommandLines.wktSiteCommands(in: lines)
        #expect(commands.map(\.first) == ["import", "build"])
        for command in commands { #expect(parseError(command) == nil, "\(command): \(parseError(command) ?? "")") }
    }

    @Test("every wkt-site command in the README's code blocks parses with the real CLI")
    func readmeCommandsParse() {
        #expect(!Self.readme.isEmpty, "README.md is read from the checkout")
        let commands = CommandLines.codeBlocks(markdown: Self.readme).flatMap(CommandLines.wktSiteCommands)
        #expect(commands.count >= 10, "the README shows its commands in code blocks")
        #expect(commands.contains { $0.first == "init" && $0.contains("--github-pages") })
        for command in commands { #expect(parseError(command) == nil, "\(command): \(parseError(command) ?? "")") }
    }

    @Test("the parse check fails on a command the CLI does not know", arguments: [
        ["publish"], ["build", "--no-such-flag"], ["init", "--exports", "data"], ["import"],
    ])
    func parseCheckCanFail(arguments: [String]) {
        #expect(parseError(arguments) != nil)
    }

    @Test("the shell splitting finds commands after && and in cron lines, and skips comments")
    func shellSplitting() {
        let commands = CommandLines.wktSiteCommands(in: [
            "17 * * * * cd ~/x && wkt-site import --quiet exports/* && wkt-site build --quiet | cat",
            "wkt-site demo        # a comment with wkt-site build inside",
            "echo wkt-site build",
        ])
        #expect(commands == [["import", "--quiet", "exports/*"], ["build", "--quiet"], ["demo"]])
        #expect(CommandLines.words(of: #"wkt-site build --base-url "a b" 'c'"#) == ["wkt-site", "build", "--base-url", "a b", "c"])
    }
}
