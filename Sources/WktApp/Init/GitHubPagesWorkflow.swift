/// The GitHub Actions workflow `wkt-site init --github-pages` writes: on every push to the default
/// branch, every morning and on demand, it builds wkt-site from source, imports the export files
/// committed to the repository into a fresh store, builds the site for the repository's Pages
/// address and deploys it (README.md "Deploy").
///
/// The store is not committed: the exports are the data, and a fresh import of the whole history
/// is what the lifter gets on their own machine too. The workflow runs in the official Swift
/// container on Ubuntu, where Debian's cmark-gfm packages are installed as `scripts/deps.sh`
/// installs them here.
public enum GitHubPagesWorkflow {
    /// Where `init` writes the workflow, relative to the working folder.
    public static let path = ".github/workflows/wkt-site.yml"

    /// The Swift container the build job runs in (the toolchain the test suite runs with).
    static let swiftImage = "swift:6.3-noble"

    /// Why a value cannot go into the workflow: it is written into YAML and a shell script.
    public struct Invalid: Error, Equatable {
        /// The rule broken, naming the option.
        public let message: String
    }

    /// Checks a value given on the command line: a git URL or ref, or the exports folder, made of
    /// characters that need no quoting in YAML or the shell.
    static func checked(_ value: String, option: String) throws(Invalid) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/._@~+-".utf8)
        guard !value.isEmpty, value.utf8.allSatisfy(allowed.contains), !value.hasPrefix("-") else {
            throw Invalid(
                message: "\(option) '\(value)' may only hold letters, digits and : / . _ @ ~ + - (and not start with -)")
        }
        return value
    }

    /// The workflow text.
    /// - Parameters:
    ///   - repository: the git URL wkt-site is built from; nil reads the repository variable
    ///     `WKT_SITE_REPO` (Settings → Secrets and variables → Actions → Variables).
    ///   - ref: the branch or tag of wkt-site to build.
    ///   - exports: the folder of export files, relative to the repository root.
    public static func text(repository: String?, ref: String, exports: String) throws(Invalid) -> String {
        let repo = try repository.map { value throws(Invalid) in try checked(value, option: "--wkt-site-repo") }
            ?? "${{ vars.WKT_SITE_REPO }}"
        let ref = try checked(ref, option: "--wkt-site-ref")
        let exports = try checked(exports, option: "--exports")
        return """
            # Builds the workout exports in \(exports)/ into a wkt-site site and deploys it to GitHub Pages.
            # Written by `wkt-site init --github-pages`. Commit your export files (Strong, Hevy, FitNotes, …)
            # to \(exports)/, and wkt-site.toml and templates/ if you use them. In the repository's
            # Settings → Pages, set Source to "GitHub Actions".
            name: wkt-site

            on:
              push:
                branches: [main, master]
              schedule:
                - cron: "17 5 * * *"
              workflow_dispatch:

            permissions:
              contents: read
              pages: write
              id-token: write

            concurrency:
              group: pages
              cancel-in-progress: false

            env:
              WKT_SITE_REPO: \(repo)
              WKT_SITE_REF: \(ref)
              EXPORTS: \(exports)

            jobs:
              build:
                runs-on: ubuntu-24.04
                container: \(swiftImage)
                steps:
                  - uses: actions/checkout@v4
                  - id: pages
                    uses: actions/configure-pages@v5
                  - name: Install the C libraries wkt-site links
                    run: |
                      apt-get update -qq
                      apt-get install -y -qq --no-install-recommends git pkg-config libsqlite3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
                  - name: Build wkt-site
                    shell: bash
                    run: |
                      if [ -z "$WKT_SITE_REPO" ]; then
                        echo "::error::Set the repository variable WKT_SITE_REPO to the git URL of wkt-site (Settings, Secrets and variables, Actions, Variables)"
                        exit 1
                      fi
                      git clone --depth 1 --branch "$WKT_SITE_REF" "$WKT_SITE_REPO" "$RUNNER_TEMP/wkt-site"
                      swift build -c release --package-path "$RUNNER_TEMP/wkt-site"
                      echo "$RUNNER_TEMP/wkt-site/.build/release" >> "$GITHUB_PATH"
                  - name: Import the exports and build the site
                    shell: bash
                    env:
                      BASE_URL: ${{ steps.pages.outputs.base_url }}/
                    run: |
                      shopt -s nullglob
                      files=("$EXPORTS"/*)
                      if [ ${#files[@]} -eq 0 ]; then
                        echo "::error::No export files in $EXPORTS/: commit your Strong, Hevy or other exports there"
                        exit 1
                      fi
                      templates=()
                      if [ -d templates ]; then templates=(--templates templates); fi
                      wkt-site import --store "$RUNNER_TEMP/workouts.sqlite" "${files[@]}"
                      wkt-site build --store "$RUNNER_TEMP/workouts.sqlite" --output "$RUNNER_TEMP/site" --base-url "$BASE_URL" "${templates[@]}"
                  - uses: actions/upload-pages-artifact@v3
                    with:
                      path: ${{ runner.temp }}/site

              deploy:
                needs: build
                runs-on: ubuntu-24.04
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: actions/deploy-pages@v4

            """
    }
}
