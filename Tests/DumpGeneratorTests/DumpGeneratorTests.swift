import DumpGenerator
import XCTest

final class DumpGeneratorTests: XCTestCase {
    private func dump(_ layers: Int, seed: UInt64 = 1, shape: DumpShape = .screen,
                      _ syntax: DumpSyntax) -> (bytes: [UInt8], summary: DumpSummary) {
        DumpGenerator(GeneratorOptions(layers: layers, seed: seed, shape: shape)).bytes(syntax)
    }

    func testScreenHasExactlyTheRequestedLayerCount() throws {
        // Small counts fall back to a smaller chrome; 1,000 and up is what benchmarks use.
        for layers in [1, 2, 3, 41, 1_237, 2_503] {
            for syntax in DumpSyntax.allCases {
                let (bytes, summary) = dump(layers, seed: UInt64(layers), syntax)
                let census = try LayerCensus(bytes)
                XCTAssertEqual(census.layers, layers, "\(syntax) census of \(layers)")
                XCTAssertEqual(summary.layers, layers, "\(syntax) summary of \(layers)")
                XCTAssertEqual(summary.bytes, bytes.count)
            }
        }
    }

    func testChainIsOneLayerPerLevel() throws {
        // libyaml is quadratic in flow depth, so the parsed chains stay shallow here.
        for syntax in DumpSyntax.allCases {
            let (bytes, summary) = dump(600, shape: .chain, syntax)
            let census = try LayerCensus(bytes)
            XCTAssertEqual(census.layers, 600)
            XCTAssertEqual(census.maxDepth, 600)
            XCTAssertEqual(summary.maxDepth, 600)
            XCTAssertEqual(census.masks, 0)
        }
    }

    func testDeepJSONChainIsBalancedAndCompact() {
        let (bytes, summary) = dump(10_000, shape: .chain, .json)
        XCTAssertEqual(summary.layers, 10_000)
        var depth = 0, deepest = 0, objects = 0, longestLine = 0, line = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "{"): depth += 1; objects += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "}"): depth -= 1
            default: break
            }
            line = byte == UInt8(ascii: "\n") ? 0 : line + 1
            longestLine = max(longestLine, line)
            XCTAssertNotEqual(byte, UInt8(ascii: " "), "compact JSON has no spaces")
        }
        XCTAssertEqual(depth, 0)
        XCTAssertEqual(objects, 10_001, "the document object and one per layer")
        XCTAssertEqual(deepest, 10_001)
        XCTAssertLessThan(longestLine, 300, "lines are wrapped")
    }

    func testSameSeedSameBytesOtherSeedOtherBytes() {
        for syntax in DumpSyntax.allCases {
            XCTAssertEqual(dump(1_000, seed: 42, syntax).bytes, dump(1_000, seed: 42, syntax).bytes)
            XCTAssertNotEqual(dump(1_000, seed: 42, syntax).bytes, dump(1_000, seed: 43, syntax).bytes)
        }
        XCTAssertEqual(dump(1_000, seed: 9, shape: .chain, .yaml).bytes, dump(1_000, seed: 9, shape: .chain, .yaml).bytes)
    }

    func testYAMLAndJSONDescribeTheSameTree() throws {
        for seed: UInt64 in [1, 2] {
            let yaml = dump(2_000, seed: seed, .yaml), json = dump(2_000, seed: seed, .json)
            let yamlCensus = try LayerCensus(yaml.bytes), jsonCensus = try LayerCensus(json.bytes)
            XCTAssertEqual(yamlCensus, jsonCensus)
            var summary = yaml.summary
            summary.bytes = json.summary.bytes
            XCTAssertEqual(summary, json.summary, "everything but the size agrees")
            XCTAssertEqual(yamlCensus.shadowsWithoutPath, yaml.summary.shadowsWithoutPath)
            XCTAssertEqual(yamlCensus.shadows, yaml.summary.shadows)
            XCTAssertEqual(yamlCensus.masks, yaml.summary.masks)
            XCTAssertEqual(yamlCensus.hidden, yaml.summary.hiddenLayers)
        }
    }

    func testChunksAreAboutTheRequestedSizeAndAddUp() {
        let generator = DumpGenerator(GeneratorOptions(layers: 3_000, seed: 5))
        var chunks: [Int] = []
        var joined: [UInt8] = []
        generator.write(.yaml, chunkSize: 16 * 1024) { chunk in
            chunks.append(chunk.count)
            joined.append(contentsOf: chunk)
        }
        XCTAssertEqual(joined, generator.bytes(.yaml).bytes)
        XCTAssertGreaterThan(chunks.count, 10)
        for size in chunks.dropLast() {
            XCTAssertGreaterThanOrEqual(size, 16 * 1024)
            XCTAssertLessThan(size, 16 * 1024 + 16 * 1024, "a chunk ends right after the layer that fills it")
        }
    }

    func testScreenHasTheFixturesMixOfLayers() throws {
        let (bytes, summary) = dump(6_000, seed: 11, .json)
        let census = try LayerCensus(bytes)
        func share(_ count: Int) -> Double { Double(count) / Double(census.layers) }
        XCTAssertEqual(share(census.labelLayers), 0.25, accuracy: 0.08, "labels")
        XCTAssertEqual(share(census.shapeLayers), 0.06, accuracy: 0.04, "shape layers")
        XCTAssertEqual(share(census.masks), 0.04, accuracy: 0.03, "masks")
        XCTAssertEqual(share(census.shadows), 0.035, accuracy: 0.02, "shadows")
        XCTAssertGreaterThan(census.shadows, census.shadowsWithoutPath, "some shadows have a path")
        XCTAssertGreaterThan(census.shadowsWithoutPath * 2, census.shadows, "most do not")
        XCTAssertGreaterThan(census.hidden, 0)
        XCTAssertLessThan(census.maxDepth, 20, "a screen is wide, not deep")
        XCTAssertEqual(summary.maxDepth, census.maxDepth)
    }

    func testBusyScreenIsOneCardOfThreeFindingsPerEightLayers() throws {
        // The many-findings benchmark (docs/performance.md) counts on about one finding
        // per 2.7 layers: each card casts a shadow without a path, one of its three.
        for syntax in DumpSyntax.allCases {
            let (bytes, summary) = dump(6_000, seed: 11, shape: .busy, syntax)
            let census = try LayerCensus(bytes)
            XCTAssertEqual(census.layers, 6_000, "\(syntax)")
            XCTAssertEqual(summary.layers, 6_000, "\(syntax)")
            XCTAssertEqual(census.shadowsWithoutPath, summary.shadowsWithoutPath, "\(syntax)")
            XCTAssertEqual(Double(census.shadowsWithoutPath) / 6_000, 1.0 / 8, accuracy: 0.005, "\(syntax) cards")
            XCTAssertLessThan(census.maxDepth, 20, "a screen is wide, not deep")
        }
    }

    func testMixedScreenHasExactlyTheRequestedLayerCount() throws {
        for layers in [1, 2, 3, 41, 1_237, 2_503] {
            for syntax in DumpSyntax.allCases {
                let (bytes, summary) = dump(layers, seed: UInt64(layers), shape: .mixed, syntax)
                let census = try LayerCensus(bytes)
                XCTAssertEqual(census.layers, layers, "\(syntax) census of \(layers)")
                XCTAssertEqual(summary.layers, layers, "\(syntax) summary of \(layers)")
                XCTAssertEqual(summary.bytes, bytes.count)
            }
        }
    }

    func testMixedSameSeedSameBytesOtherSeedOtherBytes() {
        for syntax in DumpSyntax.allCases {
            XCTAssertEqual(dump(2_000, seed: 42, shape: .mixed, syntax).bytes, dump(2_000, seed: 42, shape: .mixed, syntax).bytes)
            XCTAssertNotEqual(dump(2_000, seed: 42, shape: .mixed, syntax).bytes, dump(2_000, seed: 43, shape: .mixed, syntax).bytes)
        }
    }

    func testMixedYAMLAndJSONDescribeTheSameTree() throws {
        for seed: UInt64 in [1, 2] {
            let yaml = dump(3_000, seed: seed, shape: .mixed, .yaml), json = dump(3_000, seed: seed, shape: .mixed, .json)
            let yamlCensus = try LayerCensus(yaml.bytes), jsonCensus = try LayerCensus(json.bytes)
            XCTAssertEqual(yamlCensus, jsonCensus)
            var summary = yaml.summary
            summary.bytes = json.summary.bytes
            XCTAssertEqual(summary, json.summary, "everything but the size agrees")
            // What jq's query counts in the benchmark (shadowOpacity > 0, no shadowPath).
            XCTAssertEqual(jsonCensus.shadowsWithoutPath, json.summary.shadowsWithoutPath)
            XCTAssertEqual(jsonCensus.shadows, json.summary.shadows)
            XCTAssertEqual(jsonCensus.masks, json.summary.masks)
            XCTAssertGreaterThan(jsonCensus.shadows, jsonCensus.shadowsWithoutPath, "some shadows have a path")
        }
    }

    func testMixedScreenNestsRandomlyWithFullPrecisionGeometry() throws {
        let (bytes, summary) = dump(20_000, seed: 5, shape: .mixed, .yaml)
        let text = String(decoding: bytes, as: UTF8.self)
        // The header's frame-rate keys, in block style, before the root.
        XCTAssertTrue(text.contains("\ninfo:\n  maximumFramesPerSecond: 120\ndisplayLinks:\n  - target: FeedPrefetcher.tick\n"))
        XCTAssertTrue(text.contains("    preferredFrameRateRange:\n      minimum: 30\n"))
        XCTAssertTrue(text.contains("class: CAGradientLayer\n"))
        XCTAssertTrue(text.contains("animations:\n"))
        XCTAssertTrue(text.contains("repeatCount: infinity\n"))
        // Cells start at level 7 under the chrome and nest up to six levels, unevenly. In
        // block YAML a level is four columns (a mask two, so it counts with its host).
        XCTAssertEqual(summary.maxDepth, 12)
        var cellLevels = Set<Int>()
        var cellKeyColumn: Int?
        for line in text.split(separator: "\n") {
            let column = line.prefix { $0 == " " || $0 == "-" }.count
            if line.hasSuffix("view: MixedFeedCell") { cellKeyColumn = column; continue }
            if let cell = cellKeyColumn, line.contains("frame: ["), column > cell { cellLevels.insert((column - cell) / 4 + 1) }
        }
        XCTAssertEqual(cellLevels, Set(2...6), "layers at every level below the cell, none deeper than six")
        // About a quarter of the cells name their layers in Japanese, the rest in ASCII.
        let cellNames = text.split(separator: "\n").filter { $0.hasSuffix("name: cell") || $0.hasSuffix("name: セル") }
        let japanese = cellNames.filter { $0.hasSuffix("セル") }.count
        XCTAssertGreaterThan(japanese * 6, cellNames.count, "\(japanese) of \(cellNames.count) cells")
        XCTAssertLessThan(japanese * 3, cellNames.count, "\(japanese) of \(cellNames.count) cells")
        XCTAssertTrue(text.contains("name: カード\n"))
        // Frames carry unrounded numbers (15 to 17 significant digits); whole ones are a minority.
        var long = 0, whole = 0
        for line in text.split(separator: "\n") where line.contains("frame: [") {
            let inside = line.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
            for number in inside.split(separator: ",") {
                let digits = number.filter(\.isNumber).drop { $0 == "0" }
                if !number.contains(".") { whole += 1 } else if digits.count >= 15 { long += 1 }
            }
        }
        XCTAssertGreaterThan(long, 3 * whole, "\(long) full-precision numbers, \(whole) whole ones")
    }

    func testYAMLLooksLikeTheFixtures() {
        let text = String(decoding: dump(1_000, .yaml).bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("layerlint: 1\nscale: 3\nrefreshRate: 120\nscreen: "))
        XCTAssertTrue(text.contains("\nroot:\n  view: UIWindow\n  frame: [0, 0, 390, 844]\n  sublayers:\n    - view: "))
        XCTAssertTrue(text.contains("class: _UILabelLayer\n"))
        for line in text.split(separator: "\n") where line.contains("Color: ") {
            XCTAssertTrue(line.hasSuffix("\"") || line.hasSuffix("null"), "colours are quoted: \(line)")
        }
    }
}
