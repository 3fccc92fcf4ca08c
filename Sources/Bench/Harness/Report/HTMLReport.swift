import TextCoding

/// The report as one self-contained HTML page: the run's facts, three SVG charts, the full results table and the
/// scaling of the suites on more than one thread.
///
/// Everything is inline (CSS in a `<style>` element, charts as `<svg>` drawn by `ThroughputChart`, `LatencyChart`
/// and `ColdWarmChart`), with no scripts and no external resources, so the file can be attached to a CI run, mailed
/// or opened offline years later and look the same. Tooltips (`<title>`) give exact values on hover. Every piece of
/// text from the report is escaped.
///
/// Charts: (a) strings/s against threads, one chart per kind of suite; (b) latency p50/p90/p99/max of each
/// single-thread suite; (c) cold against warm strings/s per corpus × width, one chart per kind.
public enum HTMLReport {
    /// The HTML document, ending in a newline.
    public static func render(_ report: BenchReport) -> String {
        let order = SuiteOrder(report)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e("Bench report \(report.date) · \(report.commit)"))</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <main>
            <h1>TextSize bench report</h1>
            <p class="sub">\(e(report.date)) · commit <code>\(e(report.commit))</code> · \(e(report.tool)) \
            \(e(report.engineVersion))\(report.quick ? " · quick run" : "")</p>

            """
        html += facts(report)

        html += section(
            "Throughput against threads",
            note: """
                Strings per second (median of \(report.repetitions) repetitions; whiskers from the slowest to the fastest) \
                for each number of threads. One line per corpus × width × cache: solid with circles for cold caches, \
                dashed with squares for warm ones; the legend gives the speed-up from the fewest to the most threads.
                """)
        html += figures(order.kinds, empty: "No suites.") { kind in
            ThroughputChart.render(kind: kind, suites: report.allSuites, order: order)
        }

        html += section(
            "Latency per string, one thread",
            note: """
                The time each string took, per single-thread suite: median (p50), 90th and 99th percentile and the \
                slowest string. Hover a marker for its exact value.
                """)
        html +=
            figure(LatencyChart.render(suites: report.allSuites, order: order), caption: nil)
            ?? "<p class=\"empty\">No single-thread suites.</p>\n"

        html += section(
            "Cold against warm caches",
            note: """
                Strings per second with fresh caches against filled ones, per corpus and width, on one thread; the label \
                under each pair says how many times faster warm is.
                """)
        html += figures(order.kinds, empty: "No cold or warm suites.") { kind in
            ColdWarmChart.render(kind: kind, suites: report.allSuites, order: order)
        }

        html += section(
            "All suites",
            note: """
                Throughputs are medians (min–max over the repetitions); latencies are per string; RSS is the process's \
                peak; allocations, bytes allocated and glyph-cache misses are per repetition.
                """)
        html += table(report, columns: ReportColumn.all, suites: report.allSuites)

        let scaling = ReportColumn.scalingSuites(report)
        if !scaling.isEmpty {
            html += section(
                "Scaling against one thread",
                note: """
                    Each suite on more than one thread against the same suite on one: its speed-up; its workers' busy \
                    share (their processor time over the pass's wall time × threads: under 100 % when workers waited); \
                    and how much more processor time its workers took for the same work than the one worker did \
                    (running slower: shared memory, caches each core fills, a busier machine).
                    """)
            html += table(report, columns: ReportColumn.scaling, suites: scaling)
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// Shorthand for `MarkupText.escaped`.
    private static func e(_ text: String) -> String {
        MarkupText.escaped(text)
    }

    /// The facts list: engine, date, machine, corpora (with hash prefixes, the full hash on hover), repetitions.
    private static func facts(_ report: BenchReport) -> String {
        let machine = report.machine
        var html = "<dl class=\"facts\">\n"
        html +=
            "<dt>Engine</dt><dd>\(e(report.tool)) \(e(report.engineVersion)), commit <code>\(e(report.commit))"
            + "</code></dd>\n"
        html += "<dt>Date</dt><dd>\(e(report.date))</dd>\n"
        html +=
            "<dt>Machine</dt><dd>\(e(machine.cpuModel)), \(machine.cores) cores, "
            + "\(e(BenchFormat.gibibytes(machine.memoryBytes))), \(e(machine.os))</dd>\n"
        html +=
            "<dt>Repetitions</dt><dd>\(report.repetitions)\(report.quick ? " (quick run)" : "") per suite, "
            + "\(report.allSuites.count) suites</dd>\n"
        html += "<dt>Corpora</dt><dd>"
        if report.corpora.isEmpty {
            html += "none"
        } else {
            html +=
                "<table class=\"corpora\"><thead><tr><th>corpus</th><th class=\"num\">lines</th>"
                + "<th class=\"num\">chars</th><th>sha256</th></tr></thead><tbody>\n"
            for corpus in report.corpora {
                html +=
                    "<tr><td>\(e(corpus.name))</td><td class=\"num\">\(BenchFormat.grouped(corpus.lines))</td>"
                    + "<td class=\"num\">\(BenchFormat.grouped(corpus.chars))</td>"
                    + "<td><code title=\"\(e(corpus.sha256))\">\(e(ReportColumn.shortHash(corpus.sha256)))…</code>"
                    + "</td></tr>\n"
            }
            html += "</tbody></table>"
        }
        html += "</dd>\n</dl>\n"
        return html
    }

    /// A section heading with an explanatory paragraph.
    private static func section(_ title: String, note: String) -> String {
        "<h2>\(e(title))</h2>\n<p class=\"note\">\(e(note))</p>\n"
    }

    /// One figure per kind whose chart exists, captioned with the kind and what it means; `empty` if none does.
    private static func figures(_ kinds: [String], empty: String, chart: (String) -> String?) -> String {
        let html = kinds.compactMap { kind in figure(chart(kind), caption: kind + kindNote(kind)) }.joined()
        return html.isEmpty ? "<p class=\"empty\">\(e(empty))</p>\n" : html
    }

    /// `svg` in a `<figure>` with an optional caption, or nil without a chart.
    private static func figure(_ svg: String?, caption: String?) -> String? {
        guard let svg else { return nil }
        let captionHTML = caption.map { "<figcaption>\(e($0))</figcaption>\n" } ?? ""
        return "<figure>\n\(captionHTML)\(svg)\n</figure>\n"
    }

    /// What the known kinds of suite mean, as a caption suffix.
    private static func kindNote(_ kind: String) -> String {
        switch kind {
        case "measure": " — strings measured from text"
        case "relayout": " — prepared text re-fitted at a new width"
        default: ""
        }
    }

    /// A results table of `suites` with `columns`, as the terminal table has them.
    private static func table(_ report: BenchReport, columns: [ReportColumn], suites: [SuiteResult]) -> String {
        guard !suites.isEmpty else { return "<p class=\"empty\">No suites.</p>\n" }
        var html = "<div class=\"table-wrap\"><table class=\"results\">\n<thead><tr>"
        for column in columns {
            html += column.numeric ? "<th class=\"num\">\(e(column.header))</th>" : "<th>\(e(column.header))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for suite in suites {
            html += "<tr>"
            for column in columns {
                html += "<td class=\"\(column.numeric ? "num" : "id")\">\(e(column.cell(suite)))</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n"
        return html
    }

    /// The page's style sheet: a light, quiet layout; chart text and lines are styled here too.
    private static let style = """
        :root { color-scheme: light; }
        body { margin: 0; background: #f6f7f9; color: #1f2328;
               font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
        main { max-width: 1200px; margin: 0 auto; padding: 24px 24px 48px; }
        h1 { font-size: 24px; margin: 0 0 2px; }
        h2 { font-size: 18px; margin: 32px 0 4px; padding-bottom: 4px; border-bottom: 1px solid #d8dee4; }
        p.sub, p.note, p.empty { color: #59636e; margin: 4px 0 12px; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 18px; margin: 12px 0; }
        dl.facts dt { font-weight: 600; color: #59636e; }
        dl.facts dd { margin: 0; }
        figure { margin: 10px 0 18px; padding: 10px 12px; background: #fff; border: 1px solid #d8dee4;
                 border-radius: 6px; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        svg { display: block; max-width: 100%; height: auto; }
        svg text { font-size: 12px; fill: #3d444d; }
        svg text.label { font-weight: 600; fill: #1f2328; }
        svg text.small { font-size: 11px; fill: #59636e; }
        svg text.mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11.5px; }
        svg .grid { stroke: #e8ebef; stroke-width: 1; }
        svg .axis { stroke: #8c959f; stroke-width: 1; }
        svg .whisker { stroke: #1f2328; stroke-width: 1.2; }
        svg .stripe { fill: #f3f5f7; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
        th, td { padding: 3px 8px; white-space: nowrap; }
        th { text-align: left; background: #eef1f4; font-weight: 600; }
        .num { text-align: right; }
        table.corpora th, table.corpora td { padding: 1px 10px 1px 0; background: none; }
        .table-wrap { overflow-x: auto; background: #fff; border: 1px solid #d8dee4; border-radius: 6px; }
        table.results { font-size: 12.5px; width: 100%; }
        table.results td { border-top: 1px solid #eef1f4; }
        table.results td.id { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        table.results tbody tr:nth-child(even) { background: #fafbfc; }
        """
}
