import CGtk

/// What a screen reader learns of a window beyond its widgets: the kind of
/// window (GTK calls every window a frame, which says nothing), and which
/// text each entry answers, so that the question is read with the field
/// and not only the field's label.
@MainActor enum AccessibleRoles {
  /// Gives `window` the accessible `role`: a dialog for a form, an alert for
  /// a question (read out whole as it appears), a notification for a
  /// notice (announced though it never takes the focus).
  static func set(_ role: AtkRole, of window: UnsafeMutablePointer<GtkWidget>) {
    atk_object_set_role(gtk_widget_get_accessible(window), role)
  }

  /// Marks `entry` as described by `text`, the words that ask for it, and
  /// `text` as the description for `entry`.
  static func describe(
    _ entry: UnsafeMutablePointer<GtkWidget>, by text: UnsafeMutablePointer<GtkWidget>
  ) {
    let entryObject = gtk_widget_get_accessible(entry)
    let textObject = gtk_widget_get_accessible(text)
    atk_object_add_relationship(entryObject, ATK_RELATION_DESCRIBED_BY, textObject)
    atk_object_add_relationship(textObject, ATK_RELATION_DESCRIPTION_FOR, entryObject)
  }
}
