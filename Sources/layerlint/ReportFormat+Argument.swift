import ArgumentParser
import LayerLintKit
extension ReportFormat: ExpressibleByArgument {}
