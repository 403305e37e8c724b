// Embedders import LayerLintKit alone and get every stage's public types.
@_exported import LayerConfig
@_exported import LayerDecode
@_exported import LayerEstimate
@_exported import LayerFacts
@_exported import LayerGeometry
@_exported import LayerImport
@_exported import LayerModel
@_exported import LayerReport
@_exported import LayerRules
@_exported import LayerTreeExport
