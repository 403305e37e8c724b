import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import LayerReport
import XCTest

final class XMLTextTests: XCTestCase {
    func testMarkupIsEscaped() {
        XCTAssertEqual(XMLText.content("</testcase>]]><![CDATA[&'\""), "&lt;/testcase&gt;]]&gt;&lt;![CDATA[&amp;&apos;&quot;")
        XCTAssertEqual(XMLText.attribute("a\nb\tc\rd"), "a&#10;b&#9;c&#13;d")
        XCTAssertEqual(XMLText.content("a\nb\tc"), "a\nb\tc")
    }

    func testCharactersXMLCannotCarryAreShownAsEscapes() {
        XCTAssertEqual(XMLText.content("\u{0}\u{1}\u{1B}\u{7F}\u{85}\u{FFFE}\u{FFFF}"),
                       "\\u{0}\\u{1}\\u{1B}\\u{7F}\\u{85}\\u{FFFE}\\u{FFFF}")
        XCTAssertEqual(XMLText.attribute("\u{202E}\u{2028}"), "\\u{202E}\\u{2028}")
        XCTAssertEqual(XMLText.content("ok é 😀"), "ok é 😀")
    }

    func testEscapedTextParsesBackAsWritten() throws {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><r a=\"\(XMLText.attribute(hostileText))\">\(XMLText.content(hostileText))</r>"
        final class Reader: NSObject, XMLParserDelegate {
            var attribute: String?
            var text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String]) { attribute = attributes["a"] }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        }
        let parser = XMLParser(data: Data(document.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let shown = TerminalText.escaped(hostileText)
        XCTAssertEqual(reader.attribute?.replacingOccurrences(of: "\n", with: "\\u{A}").replacingOccurrences(of: "\r", with: "\\u{D}"), shown)
        XCTAssertTrue(reader.text.contains("</testcase>]]><b>"))
    }
}
