import XCTest
#if canImport(LayerDecode)
@testable import LayerDecode
#else
@testable import JSONReader
#endif
