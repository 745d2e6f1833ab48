/// How far the user has got with one field, which decides how its issue is
/// shown.
enum FieldPhase: Hashable {
  /// Not edited yet: nothing is shown.
  case untouched
  /// Being typed for the first time: the issue is a neutral hint.
  case editing
  /// Left after editing, or prefilled: the issue is an error.
  case settled
}
